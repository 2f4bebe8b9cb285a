import { useState } from 'react';
import { Alert, Button, Card, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE, type AnswerValue } from '@lea/shared';
import { fieldKey, fieldValue, type FieldSide, type ReplyField } from '../offline-reply';
import type { ReplyDraft } from '../reply-state';
import type { ReplyConflict } from '../use-offline-reply';
import { AnswerValueText } from './answer-value';

function useFieldLabel(): (field: ReplyField) => string {
  const { t } = useTranslation('questionnaire');
  return (field) => {
    const title = field.item.title || t('interviewDate');
    return field.kind === 'comment' ? t('conflict.comment', { title }) : title;
  };
}

/** One side's answer; a file is named, not linked (the server's link may not be the user's file). */
function SideValue({ field, value }: { field: ReplyField; value: AnswerValue }) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return <Text size="sm">{value.originalName}</Text>;
  return <AnswerValueText type={field.kind === 'comment' ? FIELD_TYPE.shortText : field.item.type} value={value} />;
}

function Side({ field, side, draft }: { field: ReplyField; side: FieldSide; draft: ReplyDraft }) {
  const { t } = useTranslation('questionnaire');
  return (
    <Paper withBorder radius="sm" p="sm" data-side={side}>
      <Stack gap={6}>
        <Radio value={side} label={t(side === 'mine' ? 'conflict.mine' : 'conflict.server')} fw={600} />
        <SideValue field={field} value={fieldValue(draft, field)} />
      </Stack>
    </Paper>
  );
}

/**
 * The answers typed offline met newer ones on the server (decision 037): for each field both changed,
 * the user's answer beside the server's, one to keep each (or all of one side), then saved.
 */
export function ReplyConflictScreen({
  conflict,
  onResolve,
}: {
  conflict: ReplyConflict;
  onResolve: (choices: Record<string, FieldSide>) => void;
}) {
  const { t } = useTranslation('questionnaire');
  const labelOf = useFieldLabel();
  const everyField = (side: FieldSide) => Object.fromEntries(conflict.conflicts.map((field) => [fieldKey(field), side]));
  const [choices, setChoices] = useState<Record<string, FieldSide>>(() => everyField('mine'));
  const writer = conflict.fresh.userReply?.writerName;
  return (
    <Stack gap="md" data-testid="reply-conflict">
      <Alert color="orange" variant="light" icon={<IconArrowsDiff size={18} />} role="alert">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('conflict.title')}
          </Title>
          <Text size="sm">{writer ? t('conflict.introBy', { name: writer }) : t('conflict.intro')}</Text>
        </Stack>
      </Alert>
      <Group gap="sm">
        <Button variant="default" onClick={() => setChoices(everyField('mine'))}>
          {t('conflict.keepMine')}
        </Button>
        <Button variant="default" onClick={() => setChoices(everyField('server'))}>
          {t('conflict.takeServer')}
        </Button>
      </Group>
      {conflict.conflicts.map((field) => {
        const key = fieldKey(field);
        return (
          <Card key={key} withBorder radius="md" padding="md" data-field-conflict={key}>
            <Radio.Group
              label={labelOf(field)}
              value={choices[key] ?? 'mine'}
              onChange={(side) => setChoices((current) => ({ ...current, [key]: side === 'server' ? 'server' : 'mine' }))}
              styles={{ label: { overflowWrap: 'anywhere', marginBottom: 8 } }}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Side field={field} side="mine" draft={conflict.mine} />
                <Side field={field} side="server" draft={conflict.server} />
              </SimpleGrid>
            </Radio.Group>
          </Card>
        );
      })}
      <Group justify="flex-end">
        <Button onClick={() => onResolve(choices)}>{t('conflict.save')}</Button>
      </Group>
    </Stack>
  );
}
