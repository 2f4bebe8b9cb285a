import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Answer, QuestionItem } from '@lea/shared';
import { AnswerComments } from './answer-comments';
import { AnswerValueText } from './answer-value';
import { useProfileTitle } from '../../../shell/profile-title';

/** A mark next to an answer, when the questionnaire shows marks and the caller may see them. */
export function AnswerMark({ item, answer }: { item: QuestionItem; answer: Answer | null }) {
  const { t } = useTranslation('questionnaire');
  if (!answer || answer.mark === null) return null;
  return (
    <Badge variant="light" color="grape" size="sm">
      {item.maximalMark !== null ? t('marks.outOf', { mark: answer.mark, max: item.maximalMark }) : t('marks.mark', { mark: answer.mark })}
    </Badge>
  );
}

/** The other profiles' answers the caller may read (shared drafts and signatures), read-only. */
export function OtherAnswers({ item, compact = false }: { item: QuestionItem; compact?: boolean }) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  if (item.answers.length === 0) return null;
  return (
    <Stack gap={6} aria-label={t('answers.others')} role="group">
      {item.answers.map((answer) => (
        <Paper
          key={answer.id}
          withBorder={!compact}
          p={compact ? 0 : 'xs'}
          radius="sm"
          bg={compact ? undefined : 'var(--mantine-color-default-hover)'}
        >
          <Stack gap={4}>
            <Group gap={6} wrap="wrap">
              <Text size="xs" fw={700}>
                {titleOf(answer.writerProfile)}
              </Text>
              {answer.writerName && (
                <Text size="xs" c="dimmed">
                  {answer.writerName}
                </Text>
              )}
              <AnswerMark item={item} answer={answer} />
            </Group>
            <AnswerValueText type={item.type} value={answer.value} />
            {answer.answerComment && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {item.commentsLabel ?? t('answers.comment')} : {answer.answerComment}
              </Text>
            )}
            {!compact && <AnswerComments answer={answer} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
