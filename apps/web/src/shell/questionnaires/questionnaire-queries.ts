import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { QuestionnaireList, type QuestionnaireSummary } from '@lea/shared';
import { apiRequest } from '../api-client';

/** Every questionnaire query starts with this key: a signature or a shared draft invalidates them all. */
export const questionnaireKey = ['questionnaire'] as const;
export const questionnaireListKey = (triadId: number) => ['questionnaire', 'list', triadId] as const;

/** GET /app/questionnaire/list/{triad}: the years, their categories and questionnaires. */
export function useQuestionnaireList(triadId: number | null) {
  return useQuery({
    queryKey: questionnaireListKey(triadId ?? 0),
    queryFn: () => apiRequest(`/app/questionnaire/list/${triadId}`, { schema: QuestionnaireList }),
    enabled: triadId !== null,
    staleTime: 30_000,
    // The home and the module page show their own notice; a failing list must not hide the dashboard.
    meta: { errorPage: false },
  });
}

export function questionnairePath(triadId: number, questionnaireId: number): string {
  return `/dashboard/questionnaire/${triadId}/${questionnaireId}`;
}

/** 'YYYY-MM-DD' (or an ISO instant) shown as dd/mm/yyyy. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = dayjs(value);
  return day.isValid() ? day.format('DD/MM/YYYY') : null;
}

export type TodoItem = {
  questionnaire: QuestionnaireSummary;
  action: 'sign' | 'complete';
  /** completenessDate, else the end of the user's window. */
  dueDate: string | null;
};

function allQuestionnaires(list: QuestionnaireList): QuestionnaireSummary[] {
  return list.years.flatMap((year) => year.categories.flatMap((category) => category.questionnaires));
}

/** What the user still has to sign or complete, the nearest due date first (undated last). */
export function buildTodoItems(list: QuestionnaireList): TodoItem[] {
  return allQuestionnaires(list)
    .filter((item) => !item.userHasSigned && (item.userHasToSign || item.userHasToComplete))
    .map((item): TodoItem => {
      const own = item.userProfile === null ? undefined : item.profileStatus[String(item.userProfile)];
      return {
        questionnaire: item,
        action: item.userHasToSign ? 'sign' : 'complete',
        dueDate: item.completenessDate ?? own?.endDate ?? null,
      };
    })
    .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'));
}

/** The user takes part in the triad's questionnaires (signs or completes some): the to-do block is theirs. */
export function takesPartInQuestionnaires(list: QuestionnaireList): boolean {
  return allQuestionnaires(list).some(
    (item) =>
      item.userProfile !== null &&
      (item.signedBy.includes(item.userProfile) || item.userHasToComplete || item.userHasToSign || item.userHasSigned),
  );
}
