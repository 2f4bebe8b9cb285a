import { useState } from 'react';
import { ActionIcon, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMinus, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  buildTodoItems,
  formatDay,
  questionnairePath,
  takesPartInQuestionnaires,
  useQuestionnaireList,
  type TodoItem,
} from './questionnaire-queries';

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
  const entries = items.map((item) => ({
    key: String(item.questionnaire.id),
    dueDate: item.dueDate,
    title: item.questionnaire.title,
    action: item.action,
    to: questionnairePath(triadId, item.questionnaire.id),
  }));
  return (
    <TodoCard
      texts={{ title: t('todo.title'), upToDate: t('todo.upToDate'), less: t('todo.less'), more: (count) => t('todo.more', { count }) }}
      entries={entries}
    />
  );
}

/** One line of a to-do card: a questionnaire to sign or complete, opened by a link or a callback. */
export type TodoEntry = {
  key: string;
  dueDate: string | null;
  title: string;
  action: 'sign' | 'complete';
  /** Said after the due date (the apprentice, when the lines come from several triads). */
  detail?: string | null;
  to?: string;
  onOpen?: () => void;
};

type TodoTexts = { title: string; upToDate: string; less: string; more: (count: number) => string; error?: string };

/**
 * The to-do card of the dashboard and of the course list's side column: the entries with their
 * due date and action button, folded beyond six; a loader or an error while `status` says so.
 */
export function TodoCard({
  texts,
  entries,
  status = 'ready',
}: {
  texts: TodoTexts;
  entries: TodoEntry[];
  status?: 'ready' | 'loading' | 'error';
}) {
  const { t } = useTranslation('questionnaire');
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? entries : entries.slice(0, TODO_FOLDED_COUNT);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {texts.title}
        </Title>
        {status === 'loading' ? (
          <Center py="sm">
            <Loader size="sm" />
          </Center>
        ) : status === 'error' ? (
          <Text size="sm" c="red">
            {texts.error}
          </Text>
        ) : entries.length === 0 ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} color="var(--mantine-color-green-filled)" aria-hidden />
            <Text size="sm">{texts.upToDate}</Text>
          </Group>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((entry) => (
              <Group key={entry.key} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text size="xs" c="dimmed">
                    {formatDay(entry.dueDate) ?? t('todo.noDueDate')}
                    {entry.detail ? ` · ${entry.detail}` : ''}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.title}
                  </Text>
                </Stack>
                <TodoAction entry={entry} />
              </Group>
            ))}
          </Stack>
        )}
        {status === 'ready' && entries.length > TODO_FOLDED_COUNT && (
          <Group justify="center">
            <ActionIcon
              variant="light"
              radius="xl"
              aria-expanded={expanded}
              aria-label={expanded ? texts.less : texts.more(entries.length - TODO_FOLDED_COUNT)}
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

function TodoAction({ entry }: { entry: TodoEntry }) {
  const { t } = useTranslation('questionnaire');
  const label = t(`todo.${entry.action}`);
  const look = {
    size: 'xs',
    variant: entry.action === 'sign' ? 'filled' : 'light',
    'aria-label': `${label} : ${entry.title}`,
    style: { flexShrink: 0 },
  } as const;
  return entry.to === undefined ? (
    <Button {...look} onClick={entry.onOpen}>
      {label}
    </Button>
  ) : (
    <Button {...look} component={Link} to={entry.to}>
      {label}
    </Button>
  );
}
