import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  FieldChoice,
  FileUploadResponse,
  FormModel,
  GenericActionResponse,
  GenericListResponse,
  GenericSaveResponse,
  type FileFieldValue,
  type FormField,
  type FormPayload,
  type ValidationError,
} from '@lea/shared';
import { toFileUploadRequest } from '../../forms';
import { apiRequest, ApiRequestError } from '../../shell/api-client';
import { deletePath, formPath, managerApi, savePath, type EntityTarget, type ManagerEntity } from './entities';

/** The generic calls of spec 3 §7.1, for any entity of entities.ts. */

export const entityFormKey = (target: EntityTarget) => ['manager', target.courseId, target.alias, 'form', target.id, target.triadId] as const;

export function useEntityForm(target: EntityTarget) {
  return useQuery({ queryKey: entityFormKey(target), queryFn: () => apiRequest(formPath(target), { schema: FormModel }), gcTime: 0 });
}

/** What a save came to: the record's id, or the server's field errors and message. */
export type SaveOutcome = { ok: true; id: number | null; message: string | null } | { ok: false; validationErrors: ValidationError[]; message: string | null };

function outcomeOf(answer: GenericSaveResponse): SaveOutcome {
  const first = answer.responses[0];
  if (!answer.hasError) return { ok: true, id: first?.object?.id ?? null, message: answer.message ?? null };
  return { ok: false, validationErrors: first?.validationErrors ?? [], message: answer.message ?? null };
}

/**
 * POST/PUT the form's `{code, form}` entries. Field errors may come in the envelope (200,
 * `hasError`) or as a 400 carrying either the envelope or `errors`: all read the same.
 */
export async function saveEntity(target: EntityTarget, payload: FormPayload): Promise<SaveOutcome> {
  const { method, path } = savePath(target);
  try {
    return outcomeOf(await apiRequest(path, { method, body: payload, schema: GenericSaveResponse }));
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 400) throw error;
    const envelope = GenericSaveResponse.safeParse(error.body);
    if (envelope.success) return outcomeOf(envelope.data);
    return { ok: false, validationErrors: error.errors, message: error.message || null };
  }
}

/** The message to show for a failed generic action (spec 3 §8: first detail message, else the message). */
export function actionFailure(answer: GenericActionResponse): string | null {
  if (answer.hasError) return answer.detail[0]?.message ?? answer.message ?? '';
  if (!answer.success) return answer.message ?? answer.detail[0]?.message ?? '';
  return null;
}

/** The server's words for a thrown failure, when it sent any. */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const parsed = GenericActionResponse.safeParse(error.body);
  if (parsed.success) return actionFailure(parsed.data) || null;
  return error.message || null;
}

export function deleteEntity(courseId: number, alias: ManagerEntity, id: number) {
  return apiRequest(deletePath(courseId, alias, id), { method: 'DELETE', schema: GenericActionResponse });
}

export type ListPage = { limit: number; offset: number };

/** GET …/{entity}/list[/{parent}] with the spec's paging (§9: limit 10, offset 0). */
export function useEntityList(courseId: number, alias: ManagerEntity, parentId: number | null, page: ListPage) {
  const path = parentId === null ? managerApi(courseId, alias, 'list') : managerApi(courseId, alias, 'list', parentId);
  const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  return useQuery({
    queryKey: ['manager', courseId, alias, 'list', parentId, page],
    queryFn: () => apiRequest(`${path}?${query.toString()}`, { schema: GenericListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** The form services' upload: POST /app/file/upload (spec 3 §7, base64), answering the stored file. */
export async function uploadFormFile(file: File, field: FormField): Promise<FileFieldValue> {
  const answer = await apiRequest('/app/file/upload', { method: 'POST', body: await toFileUploadRequest(file, field), schema: FileUploadResponse });
  const stored = answer.responses[0]?.object;
  if (answer.hasError || !stored) throw new Error(answer.responses[0]?.validationErrors?.[0]?.message ?? answer.message ?? 'upload failed');
  return { id: stored.id, originalName: stored.originalName };
}

const ChoiceAnswer = z.union([z.array(FieldChoice), z.object({ choices: z.array(FieldChoice) }).transform((answer) => answer.choices)]);

/** The form services' remote search: the model's ajax url (under /app, or a full /api path). */
export function fetchFormChoices(url: string): Promise<FieldChoice[]> {
  return apiRequest(url, { schema: ChoiceAnswer, root: url.startsWith('/api/') });
}
