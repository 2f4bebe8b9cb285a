import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  ManagerActionResponse,
  PROFILE,
  QuestionnaireList,
  type PaperSignatureRequest,
  type ProfileStatus,
  type QuestionnaireSummary,
  type UserTodo,
} from '@lea/shared';
import { apiRequest } from '../api-client';
import { useTriad } from '../shell-queries';

/** Every questionnaire query starts with this key: a signature or a shared draft invalidates them all. */
export const questionnaireKey = ['questionnaire'] as const;
export const questionnaireListKey = (triadId: number) => ['questionnaire', 'list', triadId] as const;

/** GET /app/questionnaire/list/{triad}: the years, their categories and questionnaires (also prefetched by the home route). */
export const questionnaireListQuery = (triadId: number) =>
  queryOptions({
    queryKey: questionnaireListKey(triadId),
    queryFn: () => apiRequest(`/app/questionnaire/list/${triadId}`, { schema: QuestionnaireList }),
    staleTime: 30_000,
    // The home and the module page show their own notice; a failing list must not hide the dashboard.
    meta: { errorPage: false },
  });

export function useQuestionnaireList(triadId: number | null) {
  return useQuery({ ...questionnaireListQuery(triadId ?? 0), enabled: triadId !== null });
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

export type TodoItem = UserTodo & { questionnaire: QuestionnaireSummary };

function allQuestionnaires(list: QuestionnaireList): QuestionnaireSummary[] {
  return list.years.flatMap((year) => year.categories.flatMap((category) => category.questionnaires));
}

/**
 * What the user still has to do, as the server decided it (the same entries as the course list's
 * to-do): complete a part not filled in yet, or sign once the signing order allows; nearest due date first.
 */
export function buildTodoItems(list: QuestionnaireList): TodoItem[] {
  return allQuestionnaires(list)
    .flatMap((item): TodoItem[] => (item.userTodo ? [{ questionnaire: item, ...item.userTodo }] : []))
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

/** The caller manages the triad's course (administrators hold profile 4 too): spec 2 §4 manager actions. */
export function useManagesTriad(triadId: number | null): boolean {
  return useTriad(triadId).data?.userRoles.includes(PROFILE.manager) ?? false;
}

/** A profile's reply in one triad's questionnaire: what the manager actions act on. */
export type ReplyTarget = { triadId: number; questionnaireId: number; profile: number };
export type ManagerAction = 'cancelSignature' | 'unlock';

/** PUT cancel-signature: the signed reply goes back to a shared draft. */
export function cancelSignature({ triadId, questionnaireId, profile }: ReplyTarget) {
  return apiRequest(`/app/questionnaire/cancel-signature/${triadId}/${questionnaireId}?profile=${profile}`, {
    method: 'PUT',
    schema: ManagerActionResponse,
  });
}

/** POST paper-signature (issue 20 §3): the scan uploaded beforehand and the day written on the signed page. */
export function recordPaperSignature({ triadId, questionnaireId, profile }: ReplyTarget, body: PaperSignatureRequest) {
  return apiRequest(`/app/questionnaire/paper-signature/${triadId}/${questionnaireId}?profile=${profile}`, {
    method: 'POST',
    body,
    schema: ManagerActionResponse,
  });
}

/** Records a paper signature, then refetches every questionnaire query, as the other manager actions do. */
export function usePaperSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: ReplyTarget; body: PaperSignatureRequest }) => recordPaperSignature(target, body),
    onSettled: () => client.invalidateQueries({ queryKey: questionnaireKey }),
  });
}

/** GET unlock: a reply whose window has ended opens again until it is signed. */
export function unlockReply({ triadId, questionnaireId, profile }: ReplyTarget) {
  return apiRequest(`/app/questionnaire/unlock/${triadId}/${questionnaireId}?profile=${profile}`, { schema: ManagerActionResponse });
}

/**
 * Which manager action a status icon offers (spec 2 §4, spec 3 §4): a signature can be cancelled;
 * a lock opens only once the profile's end date has passed (before it, nothing happens).
 */
export function managerActionOf(status: ProfileStatus, today = dayjs().format('YYYY-MM-DD')): ManagerAction | null {
  if (status.icon === 'check') return 'cancelSignature';
  if (status.icon === 'lock' && status.endDate !== null && status.endDate < today) return 'unlock';
  return null;
}

/** Runs a manager action, then refetches every questionnaire query (list, to-do, opened questionnaire). */
export function useManagerAction(action: ManagerAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: ReplyTarget) => (action === 'unlock' ? unlockReply(target) : cancelSignature(target)),
    onSettled: () => client.invalidateQueries({ queryKey: questionnaireKey }),
  });
}
