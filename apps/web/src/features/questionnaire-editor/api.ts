import { useQuery } from '@tanstack/react-query';
import {
  FileDownloadResponse,
  FormModel,
  GeneratedQuestionnaireResponse,
  GenericActionResponse,
  ManagerActionResponse,
  QuestionnaireActiveResponse,
  QuestionnaireEditorList,
  QuestionnaireEditorModel,
  QuestionnaireEditorOptions,
  QuestionnaireSaveResponse,
  DashboardReminderResponse,
  type DashboardFilter,
  type DashboardPdfRequest,
  type QuestionnaireEditorBody,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/**
 * Calls of docs/api/questionnaire-editor.md, under `/app/lea-manager/{course}`. Every query key
 * starts with `questionnaire`: the shell's manager actions (cancel a signature, unlock) refetch
 * every questionnaire query, the dashboards included.
 */
const base = (courseId: number) => `/app/lea-manager/${courseId}`;

export const editorKeys = {
  course: (courseId: number) => ['questionnaire', 'editor', courseId] as const,
  list: (courseId: number) => ['questionnaire', 'editor', courseId, 'list'] as const,
  options: (courseId: number, id: number | null) => ['questionnaire', 'editor', courseId, 'options', id] as const,
  model: (courseId: number, id: number) => ['questionnaire', 'editor', courseId, 'model', id] as const,
};

export function useEditorList(courseId: number) {
  return useQuery({
    queryKey: editorKeys.list(courseId),
    queryFn: () => apiRequest(`${base(courseId)}/questionnaires`, { schema: QuestionnaireEditorList }),
  });
}

export function useEditorOptions(courseId: number, id: number | null) {
  return useQuery({
    queryKey: editorKeys.options(courseId, id),
    queryFn: () => apiRequest(`${base(courseId)}/questionnaire/form${id === null ? '' : `/${id}`}`, { schema: QuestionnaireEditorOptions }),
  });
}

export function useEditorModel(courseId: number, id: number | null) {
  return useQuery({
    queryKey: editorKeys.model(courseId, id ?? 0),
    queryFn: () => apiRequest(`${base(courseId)}/questionnaire/${id}`, { schema: QuestionnaireEditorModel }),
    enabled: id !== null,
    // The editor copies the model into its own state once: a background refetch would change nothing.
    staleTime: Infinity,
  });
}

/** `skillSession`: the skill session a new questionnaire was generated from (its fields' skill links are written). */
export function saveQuestionnaire(courseId: number, id: number | null, body: QuestionnaireEditorBody, skillSession: number | null = null) {
  const query = skillSession === null ? '' : `?skillSession=${skillSession}`;
  return id === null
    ? apiRequest(`${base(courseId)}/questionnaire${query}`, { method: 'POST', body, schema: QuestionnaireSaveResponse })
    : apiRequest(`${base(courseId)}/questionnaire/${id}`, { method: 'PUT', body, schema: QuestionnaireSaveResponse });
}

export function copyQuestionnaire(courseId: number, id: number) {
  return apiRequest(`${base(courseId)}/questionnaire/copy/${id}`, { method: 'POST', schema: GenericActionResponse });
}

export function deleteQuestionnaire(courseId: number, id: number) {
  return apiRequest(`${base(courseId)}/questionnaire/delete/${id}`, { method: 'DELETE', schema: GenericActionResponse });
}

export function toggleQuestionnaireActive(courseId: number, id: number) {
  return apiRequest(`${base(courseId)}/questionnaire/active/${id}`, { method: 'PUT', schema: QuestionnaireActiveResponse });
}

/** The first message a generic action answer carries (spec 3 §8: "first detail message"). */
export function actionMessage(answer: GenericActionResponse): string | undefined {
  return answer.detail[0]?.message ?? answer.message;
}

// ── Dashboards ──────────────────────────────────────────────────────────────────────────────────

/** The filter as query parameters: lists joined by commas, empty values left out. */
export function filterQuery(filter: DashboardFilter): string {
  const params = new URLSearchParams();
  // Every field, the skill dashboard's session and triads too: lists as `1,2`, values as they are.
  for (const [key, value] of Object.entries(filter) as [string, unknown][]) {
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function fetchFilterForm(courseId: number, path: string, filter: DashboardFilter) {
  return apiRequest(`${base(courseId)}/${path}/filter-form${filterQuery(filter)}`, { schema: FormModel });
}

export function fetchExport(courseId: number, path: string, filter: DashboardFilter) {
  return apiRequest(`${base(courseId)}/${path}${filterQuery(filter)}`, { schema: FileDownloadResponse });
}

export function sendReminder(courseId: number, filter: DashboardFilter) {
  return apiRequest(`${base(courseId)}/dashboard/reminder`, { method: 'POST', body: filter, schema: DashboardReminderResponse });
}

/** POST …/skill-dashboard/reminder: an e-mail to whoever still has skills of the open session to rate. */
export function sendSkillReminder(courseId: number, filter: Record<string, unknown>) {
  return apiRequest(`${base(courseId)}/skill-dashboard/reminder`, { method: 'POST', body: filter, schema: DashboardReminderResponse });
}

export function exportPdf(courseId: number, request: DashboardPdfRequest) {
  return apiRequest(`${base(courseId)}/dashboard/export-pdf`, { method: 'POST', body: request, schema: FileDownloadResponse });
}

/** GET unlock-all: every lock of the questionnaire opens for the three triad profiles (spec 3 §4). */
export function unlockAll(courseId: number, questionnaireId: number) {
  return apiRequest(`${base(courseId)}/unlock-all/${questionnaireId}`, { schema: ManagerActionResponse });
}

/** The questionnaire generated from a skill session (the current one without an id), for the editor (skill/generate-questionnaire). */
export function generateFromSkillSession(courseId: number, sessionId: number | null) {
  const path = sessionId === null ? '' : `/${sessionId}`;
  return apiRequest(`${base(courseId)}/skill/generate-questionnaire${path}`, { schema: GeneratedQuestionnaireResponse });
}
