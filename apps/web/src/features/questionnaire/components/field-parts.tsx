import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionItem } from '@lea/shared';
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
  const props = {
    label: item.commentsLabel ?? t('answers.comment'),
    value: form.draft.comments[item.id] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setComment(item.id, event.currentTarget.value),
    disabled: !item.writable,
    size: 'sm' as const,
  };
  return item.commentsType === 2 ? <Textarea {...props} autosize minRows={2} /> : <TextInput {...props} />;
}
