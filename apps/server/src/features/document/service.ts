import {
  DOCUMENT_TYPE,
  NOTE_CATEGORY_CODE,
  PROFILE,
  type DocumentCategoriesResponse,
  type DocumentFormKind,
  type DocumentItem,
  type DocumentListResponse,
  type FormModel,
} from '@lea/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { FileLinks } from '../../services/file-links.js';
import { documentViewerOf } from '../../services/home-documents.js';
import { profileTitlesOf } from '../../services/profile-titles.js';
import { resolveTriadAccess, type TriadAccessContext } from '../../services/triad-access.js';
import { buildDocumentForm, EMPTY_FORM_VALUES, type DocumentFormValues } from './form.js';
import {
  findCategoryByCode,
  findDocument,
  findDocumentRow,
  listCategories,
  listDocuments,
  type DocumentRow,
  type DocumentScope,
} from './queries.js';
import { textRef } from '../../texts/index.js';

/** A document as the caller sees it, its file linked for the caller alone (decision 018). */
export function toDocumentItem(row: DocumentRow, callerId: number, links: FileLinks): DocumentItem {
  const { document } = row;
  const own = document.triadId !== null && document.uploaderId === callerId;
  return {
    id: document.id,
    title: document.title,
    type: document.type,
    text: document.text,
    date: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    category: row.category,
    rights: document.rights,
    visibleHomeLea: document.visibleHomeLea,
    notif: document.notif,
    file: row.file ? { id: row.file.id, originalName: row.file.originalName, url: links.download(row.file) } : null,
    uploader: row.uploader,
    uploaderProfile: document.uploaderProfile,
    shared: document.triadId === null,
    canEdit: own,
    canDelete: own,
  };
}

/** Triad members add documents and notes; administrators and managers outside the triad only read (spec 2 §2, §6). */
export function canAddDocuments(caller: Caller, access: TriadAccessContext): boolean {
  return !caller.admin && access.isMember;
}

/** The author's profile kept on the item; members without a numbered role write as the apprentice's side. */
export function authorProfileOf(access: TriadAccessContext): number {
  return access.roles.find((role) => role !== PROFILE.manager) ?? PROFILE.apprentice;
}

export function scopeOf(caller: Caller, access: TriadAccessContext): DocumentScope {
  return { triadId: access.triad.id, courseId: access.course.id, platformId: caller.platformId };
}

export function viewerOf(caller: Caller, access: TriadAccessContext) {
  return documentViewerOf(caller.userId, access.roles, access.canManage);
}

export async function listPlatformCategories(db: Db, caller: Caller): Promise<DocumentCategoriesResponse> {
  return { categories: await listCategories(db, caller.platformId) };
}

/** `GET /app/document/{triad}/{category}/list`: a category's documents, or the notes for the `note` code. */
export async function listTriadDocuments(
  db: Db,
  caller: Caller,
  links: FileLinks,
  triadId: number,
  categoryCode: string,
): Promise<DocumentListResponse> {
  // Documents and notes are the document module's two kinds (its screen shows both).
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_DOCUMENT' });
  let categoryId: number | null = null;
  if (categoryCode !== NOTE_CATEGORY_CODE) {
    const category = await findCategoryByCode(db, caller.platformId, categoryCode);
    if (!category) throw notFound(textRef('document.categoryNotFound'));
    categoryId = category.id;
  }
  const rows = await listDocuments(db, { scope: scopeOf(caller, access), viewer: viewerOf(caller, access), categoryId });
  return {
    category: categoryCode,
    documents: rows.map((row) => toDocumentItem(row, caller.userId, links)),
    canAdd: canAddDocuments(caller, access),
  };
}

/**
 * The author's own item of the triad, for the edit form, an edit or a removal: 404 when it is not
 * an item of that triad, 403 for a course's shared document or someone else's item.
 */
export async function ownDocument(db: DbOrTx, caller: Caller, triadId: number, documentId: number) {
  const document = await findDocument(db, documentId, caller.platformId);
  if (!document) throw notFound(textRef('document.notFound'));
  if (document.triadId === null) throw forbidden();
  if (document.triadId !== triadId) throw notFound(textRef('document.notFound'));
  if (document.uploaderId !== caller.userId) throw forbidden();
  return document;
}

/** `GET /app/document/{triad}/{kind}/form[?id=&category=]`: the add form, or the author's item to edit. */
export async function documentForm(
  db: Db,
  caller: Caller,
  locale: 'fr' | 'en',
  input: { triadId: number; kind: DocumentFormKind; id?: number | undefined; category?: string | undefined },
): Promise<FormModel> {
  const access = await resolveTriadAccess(db, caller, input.triadId, { module: 'MODULE_LEA_DOCUMENT' });
  if (!canAddDocuments(caller, access)) throw forbidden();
  const categories = await listCategories(db, caller.platformId);
  let values: DocumentFormValues = {
    ...EMPTY_FORM_VALUES,
    categoryId: categories.find((category) => category.code === input.category)?.id ?? null,
  };
  if (input.id !== undefined) {
    const document = await ownDocument(db, caller, input.triadId, input.id);
    const isNote = document.type !== DOCUMENT_TYPE.document;
    if (isNote !== (input.kind === 'note')) throw notFound(textRef('document.notFound'));
    const row = await findDocumentRow(db, document.id);
    values = {
      title: document.title,
      note: document.text ?? '',
      documentFile: row?.file ? { id: row.file.id, originalName: row.file.originalName } : null,
      categoryId: document.categoryId,
      rights: document.rights,
      visibleHomeLea: document.visibleHomeLea,
      notif: document.notif,
    };
  }
  const titles = (await profileTitlesOf(db, caller.platformId))[locale];
  return buildDocumentForm(input.kind, locale, categories, values, titles);
}
