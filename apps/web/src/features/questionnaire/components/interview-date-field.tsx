import { Card, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { ReadOnlyBox, useDateHints, useTranslateMessage } from '../../../forms';
import { DISPLAY_DATE_FORMAT, normalizeDateValue, parseDisplayDate } from '../../../forms/dates';
import type { QuestionItem } from '@lea/shared';
import { INTERVIEW_DATE_FIELD } from '../reply-state';
import { AnswerValueText } from './answer-value';
import { OtherAnswers } from './other-answers';
import { useQuestionnaire } from './questionnaire-context';

/** The interview date (required, order 50000): shown only to the profile in interviewDateVisibleBy. */
export function InterviewDateField({ item }: { item: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const translate = useTranslateMessage();
  const { view, form } = useQuestionnaire();
  const hints = useDateHints();
  const error = form.errors[INTERVIEW_DATE_FIELD];
  const label = item.title || view.interviewDateLabel || t('interviewDate');
  return (
    <Card withBorder radius="md" padding="md" data-progress-block data-field={INTERVIEW_DATE_FIELD}>
      <Stack gap="sm">
        {item.writable ? (
          <DateInput
            id={INTERVIEW_DATE_FIELD}
            label={label}
            value={form.draft.interviewDate}
            onChange={(value) => form.setInterviewDate(normalizeDateValue('date', value))}
            valueFormat={DISPLAY_DATE_FORMAT}
            dateParser={parseDisplayDate}
            placeholder={hints.date}
            withAsterisk
            error={error ? translate(error) : undefined}
          />
        ) : (
          <ReadOnlyBox id={INTERVIEW_DATE_FIELD} label={label}>
            <AnswerValueText type={item.type} value={form.draft.interviewDate} />
          </ReadOnlyBox>
        )}
        <OtherAnswers item={item} />
      </Stack>
    </Card>
  );
}
