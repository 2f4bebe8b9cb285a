import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE, type QuestionItem } from '@lea/shared';
import { ReadOnlyBox } from '../../../forms';
import { questionFieldName } from '../reply-state';
import { AnswerValueText } from './answer-value';
import { useQuestionnaire } from './questionnaire-context';

export function tipOf(item: QuestionItem): string | undefined {
  return item.tipActive && item.tip ? item.tip : undefined;
}

/** Whether the caller's own control shows: theirs to write, already answered, or in their access list. */
export function hasOwnControl(item: QuestionItem, profile: number | null): boolean {
  return item.writable || item.userAnswer !== null || (profile !== null && item.access.includes(profile));
}

/** The comment typed beside an answer (single line or multi-line, spec 1 §3.4). */
export function FreeComment({ item }: { item: QuestionItem }) {
  const { t } = useTranslation('questionnaire');
  const { form } = useQuestionnaire();
  const label = item.commentsLabel ?? t('answers.comment');
  const value = form.draft.comments[item.id] ?? '';
  if (!item.writable) {
    return (
      <ReadOnlyBox id={`${questionFieldName(item.id)}-comment`} label={label}>
        <AnswerValueText type={FIELD_TYPE.shortText} value={value} />
      </ReadOnlyBox>
    );
  }
  const props = {
    label,
    value,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setComment(item.id, event.currentTarget.value),
    size: 'sm' as const,
  };
  return item.commentsType === 2 ? <Textarea {...props} autosize minRows={2} /> : <TextInput {...props} />;
}
