import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BackOfficeEntities,
  BackOfficeListResponse,
  FieldChoice,
  FileDownloadResponse,
  FileUploadResponse,
  FormModel,
  GenericActionResponse,
  GenericSaveResponse,
  ImportReport,
  type EntityDescription,
  type FileFieldValue,
  type FormField,
  type FormPayload,
  type ValidationError,
} from '@lea/shared';
import { toFileUploadRequest } from '../forms';
import { apiRequest, ApiRequestError } from '../shell/api-client';
import { apiBase, areaKey, type BackOfficeArea } from './area';

/** The generic calls of spec 3 §7.1–7.2, the same for every entity of either area. */

const entityApi = (area: BackOfficeArea, alias: string, ...segments: (string | number)[]) => [apiBase(area), alias, ...segments].join('/');

/** GET …/generic/entities: every entity of the area, as its declaration describes it (decision 022). */
export function useAreaEntities(area: BackOfficeArea) {
  return useQuery({
    queryKey: [...areaKey(area), 'entities'],
    queryFn: () => apiRequest(`${apiBase(area)}/generic/entities`, { schema: BackOfficeEntities }),
    staleTime: Infinity,
  });
}

/**
 * One record of an entity: `id` null to add one; `parentId` for the entities under a parent; `set`
 * the add screen's `set` query (spec 3 §2.1: name/value pairs the form starts from), passed on to the form call.
 */
export type RecordTarget = {
  area: BackOfficeArea;
  entity: EntityDescription;
  id: number | null;
  parentId: number | null;
  set?: string | null;
  /** A part of a singleton saved in parts (`settings` of a list's description): `unique-form?part=…`. */
  part?: string | null;
};

/** `form[/{parent}][/{id}]`, `post[/{parent}][/{id}]`: the parent first, as the generic routes read them. */
const recordSegments = (target: RecordTarget) => [
  ...(target.entity.parent && target.parentId !== null ? [target.parentId] : []),
  ...(target.id === null ? [] : [target.id]),
];

/** A singleton's one record is reached without an id (spec 3 §7.2): `unique-form`, `unique-post`. */
const formPath = (target: RecordTarget) =>
  target.entity.can.singleton
    ? entityApi(target.area, target.entity.alias, 'unique-form') +
      (target.part ? `?${new URLSearchParams({ part: target.part }).toString()}` : '')
    : entityApi(target.area, target.entity.alias, 'form', ...recordSegments(target)) +
      (target.set ? `?${new URLSearchParams({ set: target.set }).toString()}` : '');

export function useEntityForm(target: RecordTarget) {
  return useQuery({
    queryKey: [...areaKey(target.area), target.entity.alias, 'form', target.id, target.parentId, target.set ?? null, target.part ?? null],
    queryFn: () => apiRequest(formPath(target), { schema: FormModel }),
    gcTime: 0,
  });
}

/** What a save came to: the record's id, or the server's field errors and message. */
export type SaveOutcome =
  { ok: true; id: number | null; message: string | null } | { ok: false; validationErrors: ValidationError[]; message: string | null };

function outcomeOf(answer: GenericSaveResponse): SaveOutcome {
  const first = answer.responses[0];
  if (!answer.hasError) return { ok: true, id: first?.object?.id ?? null, message: answer.message ?? null };
  return { ok: false, validationErrors: first?.validationErrors ?? [], message: answer.message ?? null };
}

/**
 * POST (new) or PUT (edit, or a singleton's one record) the form's `{code, form}` entries. Field
 * errors may come in the envelope (200, `hasError`) or as a 400 carrying either the envelope or
 * `errors`: all read the same.
 */
export async function saveRecord(target: RecordTarget, payload: FormPayload): Promise<SaveOutcome> {
  const { area, entity } = target;
  // The admin area's singletons save at the spec's `PUT /app/admin/generic/{alias}/unique-post` (spec 3 §7.2).
  const path = entity.can.singleton
    ? area.kind === 'admin'
      ? entityApi(area, 'generic', entity.alias, 'unique-post')
      : entityApi(area, entity.alias, 'unique-post')
    : entityApi(area, entity.alias, 'post', ...recordSegments(target));
  const method = target.id === null && !entity.can.singleton ? 'POST' : 'PUT';
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

export function deleteRecord(area: BackOfficeArea, alias: string, id: number) {
  return apiRequest(entityApi(area, alias, 'delete', id), { method: 'DELETE', schema: GenericActionResponse });
}

/** PUT …/sort/{id}/{index}: the record goes to `index` among its siblings (0 first). */
export function sortRecord(area: BackOfficeArea, alias: string, id: number, index: number) {
  return apiRequest(entityApi(area, alias, 'sort', id, index), { method: 'PUT', schema: GenericActionResponse });
}

/** DELETE {area}/{path} with the selected ids: the list's multi-select (`bulkRemove` of the entity's description). */
export function bulkRemoveRecords(area: BackOfficeArea, bulk: NonNullable<EntityDescription['bulkRemove']>, ids: number[]) {
  return apiRequest(`${apiBase(area)}/${bulk.path}`, { method: 'DELETE', body: { [bulk.field]: ids }, schema: GenericActionResponse });
}

export function copyRecord(area: BackOfficeArea, alias: string, id: number) {
  return apiRequest(entityApi(area, alias, 'copy', id), { method: 'POST', schema: GenericActionResponse });
}

/** The list's query (spec 3 §9: sort field 0 ASC, limit 10, offset 0); no sort field keeps the entity's order. */
export type ListQuery = {
  limit: number;
  offset: number;
  search: string;
  sortByField: number | null;
  sortOrder: 'ASC' | 'DESC';
  /** `filter=key:value` entries: the list's tab (`tabs` of the entity's description). */
  filter?: readonly string[];
};

/** GET …/{entity}/list[/{parent}]. */
export function useEntityList(area: BackOfficeArea, alias: string, parentId: number | null, query: ListQuery) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  // The server searches from 2 characters (spec 1 §5.3).
  if (query.search.trim().length >= 2) params.set('search', query.search.trim());
  if (query.sortByField !== null) {
    params.set('sortByField', String(query.sortByField));
    params.set('sortOrder', query.sortOrder);
  }
  for (const entry of query.filter ?? []) params.append('filter', entry);
  const path = parentId === null ? entityApi(area, alias, 'list') : entityApi(area, alias, 'list', parentId);
  return useQuery({
    queryKey: [...areaKey(area), alias, 'list', parentId, params.toString()],
    queryFn: () => apiRequest(`${path}?${params.toString()}`, { schema: BackOfficeListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** The import / update view's file form. */
export function useImportForm(area: BackOfficeArea, alias: string) {
  return useQuery({
    queryKey: [...areaKey(area), alias, 'import-form'],
    queryFn: () => apiRequest(entityApi(area, alias, 'import-form'), { schema: FormModel }),
    gcTime: 0,
  });
}

/** The empty workbook to fill (import) or the current data to edit (update), as base64. */
export function downloadImportFile(area: BackOfficeArea, alias: string, update: boolean) {
  return apiRequest(entityApi(area, alias, update ? 'export' : 'import-model'), { schema: FileDownloadResponse });
}

/** POST …/{alias}/import-post (spec 3 §7.1): the form's entries, the manager area's course, the update flag. */
export function postImport(area: BackOfficeArea, alias: string, update: boolean, payload: FormPayload) {
  const course = area.kind === 'manager' ? { trainingCourse: { id: area.courseId } } : {};
  return apiRequest(entityApi(area, alias, 'import-post'), {
    method: 'POST',
    body: { form: payload, ...course, update },
    schema: ImportReport,
  });
}

/** The form services' upload: POST /app/file/upload (spec 3 §7, base64), answering the stored file. */
export async function uploadFormFile(file: File, field: FormField): Promise<FileFieldValue> {
  const answer = await apiRequest('/app/file/upload', {
    method: 'POST',
    body: await toFileUploadRequest(file, field),
    schema: FileUploadResponse,
  });
  const stored = answer.responses[0]?.object;
  if (answer.hasError || !stored) throw new Error(answer.responses[0]?.validationErrors?.[0]?.message ?? answer.message ?? 'upload failed');
  return { id: stored.id, originalName: stored.originalName };
}

const ChoiceAnswer = z.union([z.array(FieldChoice), z.object({ choices: z.array(FieldChoice) }).transform((answer) => answer.choices)]);

/** The form services' remote search: the model's ajax url (under /app, or a full /api path). */
export function fetchFormChoices(url: string): Promise<FieldChoice[]> {
  return apiRequest(url, { schema: ChoiceAnswer, root: url.startsWith('/api/') });
}
