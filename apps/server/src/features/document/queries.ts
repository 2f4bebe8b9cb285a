import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPE } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { documentCategories, documents, files, users } from '../../db/schema/index.js';
import { triadDocumentScope, visibleToViewer, type DocumentViewer } from '../../services/home-documents.js';

export function listCategories(db: DbOrTx, platformId: number) {
  return db
    .select({ id: documentCategories.id, code: documentCategories.code, title: documentCategories.title })
    .from(documentCategories)
    .where(eq(documentCategories.platformId, platformId))
    .orderBy(asc(documentCategories.position), asc(documentCategories.id));
}

export async function findCategoryByCode(db: DbOrTx, platformId: number, code: string) {
  const [row] = await db
    .select({ id: documentCategories.id, code: documentCategories.code, title: documentCategories.title })
    .from(documentCategories)
    .where(and(eq(documentCategories.platformId, platformId), eq(documentCategories.code, code)))
    .limit(1);
  return row ?? null;
}

export async function findCategoryById(db: DbOrTx, platformId: number, id: number) {
  const [row] = await db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(and(eq(documentCategories.platformId, platformId), eq(documentCategories.id, id)))
    .limit(1);
  return row ?? null;
}

export type DocumentScope = { triadId: number; courseId: number; platformId: number };

/** What a list shows: the documents of one category, or every note (`categoryId` null). */
export type DocumentFilter = { scope: DocumentScope; viewer: DocumentViewer; categoryId: number | null; id?: number };

const listColumns = {
  document: documents,
  category: { id: documentCategories.id, code: documentCategories.code, title: documentCategories.title },
  file: { id: files.id, originalName: files.originalName, pathName: files.pathName },
  uploader: { id: users.id, fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}` },
};

export type DocumentRow = {
  document: typeof documents.$inferSelect;
  category: { id: number; code: string; title: string | null } | null;
  file: { id: number; originalName: string; pathName: string } | null;
  uploader: { id: number; fullName: string } | null;
};

/** The items of a triad the viewer may read, newest first. */
export function listDocuments(db: DbOrTx, filter: DocumentFilter): Promise<DocumentRow[]> {
  const conditions: SQL[] = [triadDocumentScope(db, filter.scope), visibleToViewer(filter.viewer)];
  conditions.push(
    filter.categoryId === null
      ? ne(documents.type, DOCUMENT_TYPE.document)
      : (and(eq(documents.type, DOCUMENT_TYPE.document), eq(documents.categoryId, filter.categoryId)) as SQL),
  );
  if (filter.id !== undefined) conditions.push(eq(documents.id, filter.id));
  return db
    .select(listColumns)
    .from(documents)
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .leftJoin(users, eq(users.id, documents.uploaderId))
    .where(and(...conditions))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

/** One item with its category, file and uploader, whatever the viewer (the author reading back a save). */
export async function findDocumentRow(db: DbOrTx, id: number): Promise<DocumentRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(documents)
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .leftJoin(users, eq(users.id, documents.uploaderId))
    .where(eq(documents.id, id))
    .limit(1);
  return row ?? null;
}

export async function findDocument(db: DbOrTx, id: number, platformId: number) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.platformId, platformId)))
    .limit(1);
  return row ?? null;
}

/**
 * A file the caller may attach: stored on the caller's platform and uploaded by the caller (the
 * upload-first flow), so that a guessed id cannot attach someone else's file.
 */
export async function findOwnFile(db: DbOrTx, fileId: number, userId: number, platformId: number) {
  const [row] = await db
    .select({ id: files.id, originalName: files.originalName })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.platformId, platformId), eq(files.uploadedBy, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertDocument(db: DbOrTx, values: typeof documents.$inferInsert): Promise<number> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  if (!row) throw new Error('document insert returned nothing');
  return row.id;
}

export async function updateDocument(db: DbOrTx, id: number, values: Partial<typeof documents.$inferInsert>): Promise<void> {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id));
}

export async function deleteDocument(db: DbOrTx, id: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}

export async function findUserName(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** Active users among the ids, with their address. */
export function findMailRecipients(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.active, true)));
}
