import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ExportResponse,
  FileUploadResponse,
  QuestionnaireView,
  SaveReplyResponse,
  type FileAnswer,
  type SaveReplyRequest,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

export type QuestionnaireParams = { triadId: number; questionnaireId: number };

export const questionnaireViewKey = ({ triadId, questionnaireId }: QuestionnaireParams, profile: number | null) =>
  ['questionnaire', 'view', triadId, questionnaireId, profile] as const;

/** `?profile=`: which of the caller's profiles acts, when they hold several in the triad. */
function profileQuery(profile: number | null): string {
  return profile ? `?profile=${profile}` : '';
}

/** GET /app/questionnaire/{triad}/{questionnaire}[?profile=]: the questionnaire as the caller sees it. */
export function useQuestionnaireView(params: QuestionnaireParams, profile: number | null) {
  return useQuery({
    queryKey: questionnaireViewKey(params, profile),
    queryFn: () =>
      apiRequest(`/app/questionnaire/${params.triadId}/${params.questionnaireId}${profileQuery(profile)}`, {
        schema: QuestionnaireView,
      }),
    // Spec 1 §4.4: the page refetches on window focus; local edits survive it (see use-reply-form).
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export const savePath = ({ triadId, questionnaireId }: QuestionnaireParams) => `/app/questionnaire/save/${triadId}/${questionnaireId}`;

/** PUT /app/questionnaire/save/{triad}/{questionnaire}: mode 1 draft, 2 shared draft, 3 signature. */
export function saveReply(params: QuestionnaireParams, body: SaveReplyRequest) {
  return apiRequest(savePath(params), { method: 'PUT', body, schema: SaveReplyResponse });
}

/** Which PDF the export builds: 1 the filled questionnaire, 0 the blank model. */
export type ExportModel = 0 | 1;

/** GET /app/questionnaire/export/{triad}/{questionnaire}?model=: the booklet as base64 PDF (download and preview). */
export function exportPdf({ triadId, questionnaireId }: QuestionnaireParams, model: ExportModel = 1) {
  return apiRequest(`/app/questionnaire/export/${triadId}/${questionnaireId}?model=${model}`, { schema: ExportResponse });
}

/** add-row and add-comment answer the write envelope; only its error flag matters to the page. */
const WriteFlag = z.object({ hasError: z.boolean().optional() }).loose().nullable();

/** POST add-row: true when the row was added. */
export async function addRow(
  { triadId, questionnaireId }: QuestionnaireParams,
  profile: number | null,
  clusterId: number,
): Promise<boolean> {
  const answer = await apiRequest(`/app/questionnaire/add-row/${triadId}/${questionnaireId}/${clusterId}${profileQuery(profile)}`, {
    method: 'POST',
    schema: WriteFlag,
  });
  return answer?.hasError !== true;
}

/** POST add-comment with `{comment}`: true when the comment was stored. */
export async function addComment(
  { triadId, questionnaireId }: QuestionnaireParams,
  profile: number | null,
  answerId: number,
  comment: string,
): Promise<boolean> {
  const answer = await apiRequest(`/app/questionnaire/add-comment/${triadId}/${questionnaireId}/${answerId}${profileQuery(profile)}`, {
    method: 'POST',
    body: { comment },
    schema: WriteFlag,
  });
  return answer?.hasError !== true;
}

/** Base64 content of a file, without the `data:…;base64,` prefix. */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsDataURL(file);
  });
}

export type UploadResult = { file: FileAnswer } | { error: string };

/**
 * POST /app/file/upload into the questionnaire folder (or `folder`): the answer value of a file
 * question or the scan of a paper signature, or the server's refusal.
 */
export async function uploadAnswerFile(file: File, folder = 'questionnaire'): Promise<UploadResult> {
  const data = await readAsBase64(file);
  const answer = await apiRequest('/app/file/upload', {
    method: 'POST',
    body: { data, originalName: file.name, type: folder },
    schema: FileUploadResponse,
  });
  const stored = answer.responses[0]?.object;
  if (answer.hasError || !stored) {
    return { error: answer.responses[0]?.validationErrors?.[0]?.message ?? answer.message ?? '' };
  }
  return { file: { id: stored.id, originalName: stored.originalName, pathName: stored.pathName, url: stored.url } };
}
