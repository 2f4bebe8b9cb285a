import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionItem } from '@lea/shared';
import { useTranslateMessage } from '../../../forms';
import { questionFieldName } from '../reply-state';
import { AnswerComments } from './answer-comments';
import { AnswerInput } from './answer-input';
import { ClusterBlock } from './cluster-block';
import { FreeComment, hasOwnControl, tipOf } from './field-parts';
import { AnswerMark, OtherAnswers } from './other-answers';
import { useQuestionnaire } from './questionnaire-context';

/** One block of the questionnaire: a title, a field or a cluster. */
export function QuestionBlock({ item }: { item: QuestionItem }) {
  if (item.itemType === 'title') {
    return (
      <Title order={2} size="h3" mt="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Title>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" data-progress-block data-field={questionFieldName(item.id)}>
      {item.itemType === 'cluster' ? <ClusterBlock cluster={item} /> : <FieldBlock item={item} />}
    </Card>
  );
}

function FieldBlock({ item }: { item: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const translate = useTranslateMessage();
  const { view, form } = useQuestionnaire();
  const name = questionFieldName(item.id);
  const error = form.errors[name];
  const own = hasOwnControl(item, view.userProfile);
  return (
    <Stack gap="sm">
      {own ? (
        <AnswerInput
          item={item}
          id={name}
          label={item.title}
          description={tipOf(item)}
          value={form.draft.values[item.id] ?? null}
          onChange={(value) => form.setValue(item.id, value)}
          error={error ? translate(error) : undefined}
          disabled={!item.writable}
          trackUpload={form.trackUpload}
          onUploadError={(message) => form.setFieldError(name, message)}
        />
      ) : (
        <Stack gap={2}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {tipOf(item) && (
            <Text size="xs" c="dimmed">
              {tipOf(item)}
            </Text>
          )}
          {item.answers.length === 0 && (
            <Text size="sm" c="dimmed" fs="italic">
              {t('answers.none')}
            </Text>
          )}
        </Stack>
      )}
      {own && item.comments && <FreeComment item={item} />}
      <Group gap="xs">
        <AnswerMark item={item} answer={item.userAnswer} />
      </Group>
      {item.userAnswer && <AnswerComments answer={item.userAnswer} />}
      <OtherAnswers item={item} />
    </Stack>
  );
}
