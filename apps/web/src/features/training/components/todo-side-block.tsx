import { useState } from 'react';
import { ActionIcon, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMinus, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireTodoItem } from '@lea/shared';
import { changeTriad } from '../../../shell/current-triad';
import { formatDay, questionnairePath } from '../../../shell/questionnaires/questionnaire-queries';
import { TODO_FOLDED_COUNT } from '../../../shell/questionnaires/todo-block';
import { useQuestionnaireTodo } from '../api';

/**
 * Non-managers' side block (spec 2 §2): the questionnaires to sign or complete in all their triads.
 * Opening one makes its triad the working triad first, so the questionnaire opens in its booklet.
 */
export function TodoSideBlock() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const query = useQuestionnaireTodo(true);
  const items = query.data?.items ?? [];
  const severalTriads = new Set(items.map((item) => item.triad.id)).size > 1;
  const shown = expanded ? items : items.slice(0, TODO_FOLDED_COUNT);
  const open = (item: QuestionnaireTodoItem) => {
    changeTriad(item.triad.id, item.triad.trainingCourseId);
    navigate(questionnairePath(item.triad.id, item.questionnaire.id));
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('side.todo.title')}
        </Title>
        {query.isPending ? (
          <Center py="sm">
            <Loader size="sm" />
          </Center>
        ) : query.isError ? (
          <Text size="sm" c="red">
            {t('side.todo.error')}
          </Text>
        ) : items.length === 0 ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} color="var(--mantine-color-green-filled)" aria-hidden />
            <Text size="sm">{t('side.todo.upToDate')}</Text>
          </Group>
        ) : (
          <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((item) => (
              <Group key={`${item.triad.id}-${item.questionnaire.id}`} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text size="xs" c="dimmed">
                    {formatDay(item.dueDate) ?? t('side.todo.noDueDate')}
                    {severalTriads && item.triad.apprenticeName ? ` · ${item.triad.apprenticeName}` : ''}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.questionnaire.title}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant={item.action === 'sign' ? 'filled' : 'light'}
                  style={{ flexShrink: 0 }}
                  aria-label={`${t(`side.todo.${item.action}`)} : ${item.questionnaire.title}`}
                  onClick={() => open(item)}
                >
                  {t(`side.todo.${item.action}`)}
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
              aria-label={expanded ? t('side.todo.less') : t('side.todo.more', { count: items.length - TODO_FOLDED_COUNT })}
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
