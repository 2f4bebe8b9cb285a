import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMinus, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buildTodoItems, formatDay, questionnairePath, takesPartInQuestionnaires, useQuestionnaireList, type TodoItem } from './questionnaire-queries';

/** Spec 2 §2: beyond six items the block folds, and a plus button unfolds it. */
export const TODO_FOLDED_COUNT = 6;

/**
 * The dashboard's to-do block: questionnaires the user has to sign or complete, each with its due
 * date and a button to it. Only for users who take part in the triad's questionnaires.
 */
export function TodoBlock({ triadId }: { triadId: number }) {
  const query = useQuestionnaireList(triadId);
  if (!query.data || !takesPartInQuestionnaires(query.data)) return null;
  return <TodoList triadId={triadId} items={buildTodoItems(query.data)} />;
}

export function TodoList({ triadId, items }: { triadId: number; items: TodoItem[] }) {
  const { t } = useTranslation('questionnaire');
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, TODO_FOLDED_COUNT);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('todo.title')}
        </Title>
        {items.length === 0 ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} color="var(--mantine-color-green-filled)" aria-hidden />
            <Text size="sm">{t('todo.upToDate')}</Text>
          </Group>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((item) => (
              <Group key={item.questionnaire.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text size="xs" c="dimmed">
                    {formatDay(item.dueDate) ?? t('todo.noDueDate')}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.questionnaire.title}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={questionnairePath(triadId, item.questionnaire.id)}
                  size="xs"
                  variant={item.action === 'sign' ? 'filled' : 'light'}
                  aria-label={`${t(`todo.${item.action}`)} : ${item.questionnaire.title}`}
                  style={{ flexShrink: 0 }}
                >
                  {t(`todo.${item.action}`)}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {items.length > TODO_FOLDED_COUNT && (
          <Group justify="center">
            <ActionIcon
              variant="light"
              radius="xl"
              aria-expanded={expanded}
              aria-label={expanded ? t('todo.less') : t('todo.more', { count: items.length - TODO_FOLDED_COUNT })}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? <IconMinus size={16} /> : <IconPlus size={16} />}
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
