import { useCallback, useEffect, useState } from 'react';
import type { AnswerValue, QuestionnaireView } from '@lea/shared';
import { initialDraft, mergeDraft, questionFieldName, type FieldError, type ReplyDraft } from './reply-state';

export type ReplyForm = {
  draft: ReplyDraft;
  errors: Record<string, string>;
  uploading: number;
  setValue: (questionId: number, value: AnswerValue) => void;
  setComment: (questionId: number, comment: string) => void;
  setInterviewDate: (value: string | null) => void;
  setErrors: (errors: FieldError[]) => void;
  setFieldError: (field: string, message: string | null) => void;
  trackUpload: <T>(upload: Promise<T>) => Promise<T>;
  reset: (view: QuestionnaireView) => void;
};

/**
 * The user's answers, kept across refetches of the view (new rows are added, typed values stay);
 * `kept`: the answers kept on this device offline, which the form starts from.
 */
export function useReplyForm(view: QuestionnaireView, kept?: ReplyDraft): ReplyForm {
  const [draft, setDraft] = useState(() => (kept ? mergeDraft(kept, view) : initialDraft(view)));
  const [errors, setErrorMap] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(0);

  useEffect(() => setDraft((current) => mergeDraft(current, view)), [view]);

  const clear = (field: string) =>
    setErrorMap((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });

  const setValue = useCallback((questionId: number, value: AnswerValue) => {
    setDraft((current) => ({ ...current, values: { ...current.values, [questionId]: value } }));
    clear(questionFieldName(questionId));
  }, []);
  const setComment = useCallback((questionId: number, comment: string) => {
    setDraft((current) => ({ ...current, comments: { ...current.comments, [questionId]: comment } }));
  }, []);
  const setInterviewDate = useCallback((value: string | null) => {
    setDraft((current) => ({ ...current, interviewDate: value }));
    clear('interviewDate');
  }, []);
  const setErrors = useCallback((list: FieldError[]) => {
    setErrorMap(Object.fromEntries(list.map((error) => [error.field, error.message])));
  }, []);
  const setFieldError = useCallback((field: string, message: string | null) => {
    if (message === null) clear(field);
    else setErrorMap((current) => ({ ...current, [field]: message }));
  }, []);
  const trackUpload = useCallback(<T>(upload: Promise<T>) => {
    setUploading((count) => count + 1);
    return upload.finally(() => setUploading((count) => count - 1));
  }, []);
  const reset = useCallback((fresh: QuestionnaireView) => {
    setDraft(initialDraft(fresh));
    setErrorMap({});
  }, []);

  return { draft, errors, uploading, setValue, setComment, setInterviewDate, setErrors, setFieldError, trackUpload, reset };
}

/** Brings the first field in error into view and focuses its first control. */
export function focusField(field: string): void {
  const holder = document.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!holder) return;
  holder.scrollIntoView({ behavior: 'smooth', block: 'center' });
  // A rich-text answer's own control comes after its toolbar's buttons.
  const control =
    holder.querySelector<HTMLElement>('[contenteditable="true"]') ??
    holder.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), button:not([disabled])');
  control?.focus({ preventScroll: true });
}
