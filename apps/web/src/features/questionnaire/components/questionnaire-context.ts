import { createContext, useContext } from 'react';
import type { QuestionnaireView } from '@lea/shared';
import type { QuestionnaireParams } from '../api';
import type { ReplyForm } from '../use-reply-form';

export type QuestionnaireContextValue = {
  view: QuestionnaireView;
  params: QuestionnaireParams;
  form: ReplyForm;
  /** Refetches the view after a row or a comment was added. */
  reload: () => Promise<unknown>;
};

export const QuestionnaireContext = createContext<QuestionnaireContextValue | null>(null);

export function useQuestionnaire(): QuestionnaireContextValue {
  const value = useContext(QuestionnaireContext);
  if (!value) throw new Error('useQuestionnaire outside the questionnaire page');
  return value;
}
