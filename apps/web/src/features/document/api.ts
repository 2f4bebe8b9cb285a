import {
  DOCUMENT_TYPE,
  DocumentCategoriesResponse,
  DocumentListResponse,
  DocumentPostResponse,
  DocumentRemoveResponse,
  FileUploadResponse,
  FormModel,
  type DocumentFormKind,
  type DocumentPostInput,
  type FileFieldValue,
  type FormField,
  type FormPayload,
} from '@lea/shared';
import { toFileUploadRequest } from '../../forms';
import { apiRequest } from '../../shell/api-client';

export const documentKeys = {
  all: ['document'] as const,
  categories: ['document', 'categories'] as const,
  list: (triadId: number, category: string) => ['document', 'list', triadId, category] as const,
  form: (triadId: number, kind: DocumentFormKind, id: number | null) => ['document', 'form', triadId, kind, id] as const,
};

export function fetchCategories() {
  return apiRequest('/app/document/categories', { schema: DocumentCategoriesResponse });
}

export function fetchDocuments(triadId: number, category: string) {
  return apiRequest(`/app/document/${triadId}/${encodeURIComponent(category)}/list`, { schema: DocumentListResponse });
}

/** The add form (with the current tab's category preselected) or the author's item to edit. */
export function fetchDocumentForm(triadId: number, kind: DocumentFormKind, options: { id: number | null; category: string | null }) {
  const query = new URLSearchParams();
  if (options.id !== null) query.set('id', String(options.id));
  if (options.category) query.set('category', options.category);
  const search = query.toString();
  return apiRequest(`/app/document/${triadId}/${kind}/form${search ? `?${search}` : ''}`, { schema: FormModel });
}

/** The file field's upload: the file is stored first and the document only carries its id. */
export async function uploadDocumentFile(file: File, field: FormField): Promise<FileFieldValue> {
  const answer = await apiRequest('/app/file/upload', {
    method: 'POST',
    body: await toFileUploadRequest(file, field),
    schema: FileUploadResponse,
  });
  const stored = answer.responses[0]?.object;
  if (answer.hasError || !stored) throw new Error(answer.message ?? 'upload refused');
  return { id: stored.id, originalName: stored.originalName };
}

function fileIdOf(value: unknown): number | null {
  const file = Array.isArray(value) ? value[0] : value;
  if (typeof file !== 'object' || file === null || !('id' in file)) return null;
  const id = Number((file as { id: unknown }).id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The form renderer's payload (one tab) as the post body of spec 2 §7. */
export function documentBody(
  payload: FormPayload,
  context: { triadId: number; id: number | null; kind: DocumentFormKind },
): DocumentPostInput {
  const form = payload[0]?.form ?? {};
  const base = { triad: context.triadId, title: String(form.title ?? ''), ...(context.id === null ? {} : { id: context.id }) };
  if (context.kind === 'note') return { ...base, type: DOCUMENT_TYPE.note, note: String(form.note ?? '') };
  const rights = Array.isArray(form.rights) ? form.rights.map(Number) : [];
  return {
    ...base,
    type: DOCUMENT_TYPE.document,
    documentFile: fileIdOf(form.documentFile),
    category: form.category ? Number(form.category) : null,
    rights,
    visibleHomeLea: form.visibleHomeLea === true,
    notif: form.notif === true,
  };
}

export function postDocument(body: DocumentPostInput) {
  return apiRequest('/api/document/post', { method: 'POST', body, schema: DocumentPostResponse });
}

export function removeDocument(triadId: number, id: number) {
  return apiRequest('/api/document/remove', { method: 'POST', body: { triad: triadId, id }, schema: DocumentRemoveResponse });
}
