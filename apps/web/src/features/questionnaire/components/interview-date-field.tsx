import { Card, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../forms';
import { DISPLAY_DATE_FORMAT, normalizeDateValue, parseDisplayDate } from '../../../forms/dates';
import type { QuestionItem } from '@lea/shared';
import { INTERVIEW_DATE_FIELD } from '../reply-state';
import { OtherAnswers } from './other-answers';
import { useQuestionnaire } from './questionnaire-context';

/** The interview date (required, order 50000): shown only to the profile in interviewDateVisibleBy. */
export function InterviewDateField({ item }: { item: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const translate = useTranslateMessage();
  const { view, form } = useQuestionnaire();
  const error = form.errors[INTERVIEW_DATE_FIELD];
  return (
    <Card withBorder radius="md" padding="md" data-progress-block data-field={INTERVIEW_DATE_FIELD}>
      <Stack gap="sm">
      <DateInput
        id={INTERVIEW_DATE_FIELD}
        label={item.title || view.interviewDateLabel || t('interviewDate')}
        value={form.draft.interviewDate}
        onChange={(value) => form.setInterviewDate(normalizeDateValue('date', value))}
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={parseDisplayDate}
        placeholder="01/01/2024"
        withAsterisk
        disabled={!item.writable}
        error={error ? translate(error) : undefined}
      />
      <OtherAnswers item={item} />
      </Stack>
    </Card>
  );
}
