import {
  DOCUMENT_TYPE,
  MESSAGES,
  type DocumentPostRequest,
  type DocumentPostResponse,
  type DocumentRemoveRequest,
  type DocumentRemoveResponse,
} from '@lea/shared';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { fileLinksFor } from '../../services/file-links.js';
import { recordTimeline } from '../../services/timeline.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { notifyNewItem } from './notify.js';
import { deleteDocument, findCategoryById, findDocumentRow, findOwnFile, findUserName, insertDocument, updateDocument } from './queries.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { authorProfileOf, canAddDocuments, ownDocument, toDocumentItem } from './service.js';
import { text, textRef } from '../../texts/index.js';

type Log = { error: (obj: object, msg: string) => void };

/** The file and category of a document, checked against the caller's platform before anything is written. */
async function checkedAttachments(ctx: AppContext, caller: Caller, input: DocumentPostRequest, keptFileId: number | null) {
  if (input.type !== DOCUMENT_TYPE.document) return { fileId: null, categoryId: null };
  const fileId = input.documentFile ?? null;
  const fileOk =
    fileId !== null && (fileId === keptFileId || (await findOwnFile(ctx.db, fileId, caller.userId, caller.platformId)) !== null);
  if (!fileOk) throw badRequest(MESSAGES.fileUnavailable, [{ field: 'documentFile', message: MESSAGES.fileUnavailable }]);
  const categoryId = input.category ?? null;
  if (categoryId === null || !(await findCategoryById(ctx.db, caller.platformId, categoryId))) {
    const message = textRef('document.chooseCategory');
    throw badRequest(message, [{ field: 'category', message }]);
  }
  return { fileId, categoryId };
}

/**
 * `POST /api/document/post` (spec 2 §7): adds a document or a note to the triad, or edits the
 * author's own item when `id` is given. Every check runs before the one transaction that writes the
 * item, its timeline line (on add) and the impersonation history; the notification mails follow.
 */
export async function postDocument(
  ctx: AppContext,
  caller: Caller,
  input: DocumentPostRequest,
  meta: WriteMeta,
  log: Log,
): Promise<DocumentPostResponse> {
  const { db } = ctx;
  const access = await resolveTriadAccess(db, caller, input.triad, { module: 'MODULE_LEA_DOCUMENT' });
  if (!canAddDocuments(caller, access)) throw forbidden();
  const existing = input.id ? await ownDocument(db, caller, input.triad, input.id) : null;
  const isDocument = input.type === DOCUMENT_TYPE.document;
  if (existing && (existing.type === DOCUMENT_TYPE.document) !== isDocument) {
    const message = textRef('document.typeFixed');
    throw badRequest(message, [{ field: 'type', message }]);
  }
  const { fileId, categoryId } = await checkedAttachments(ctx, caller, input, existing?.fileId ?? null);
  const values = {
    title: input.title,
    text: isDocument ? null : (input.note ?? ''),
    fileId,
    categoryId,
    rights: [...new Set(input.rights)].sort((a, b) => a - b),
    visibleHomeLea: isDocument && input.visibleHomeLea,
    notif: input.notif,
    integrate: input.integrate,
  };
  const authorName = await findUserName(db, caller.userId);
  const id = await db.transaction(async (tx) => {
    if (existing) {
      await updateDocument(tx, existing.id, values);
      await logImpersonatedWrite(tx, caller, meta, { action: 'document.edit', entity: 'document', entityId: existing.id });
      return existing.id;
    }
    const documentId = await insertDocument(tx, {
      ...values,
      platformId: caller.platformId,
      triadId: access.triad.id,
      type: input.type,
      documentType: 1,
      uploaderId: caller.userId,
      uploaderProfile: authorProfileOf(access),
    });
    await recordTimeline(tx, {
      triadId: access.triad.id,
      className: isDocument ? 'document' : 'note',
      titlePart1: authorName,
      titlePart2: input.title,
      userId: caller.userId,
    });
    await logImpersonatedWrite(tx, caller, meta, { action: 'document.add', entity: 'document', entityId: documentId });
    return documentId;
  });
  const row = await findDocumentRow(db, id);
  if (!row) throw new Error('saved document not found');
  if (!existing && input.notif) {
    await notifyNewItem(
      ctx,
      {
        triad: access.triad,
        platformId: caller.platformId,
        authorId: caller.userId,
        authorName,
        title: input.title,
        type: input.type,
        rights: values.rights,
        categoryCode: row.category?.code ?? null,
      },
      log,
    );
  }
  return {
    hasError: false,
    message: text(meta.locale, isDocument ? 'document.documentSaved' : 'document.noteSaved'),
    responses: [{ object: toDocumentItem(row, caller.userId, fileLinksFor(ctx.config.jwtSecret, caller)) }],
  };
}

/** `POST /api/document/remove`: the author's own item only; the stored file is kept (other records may name it). */
export async function removeDocument(
  ctx: AppContext,
  caller: Caller,
  input: DocumentRemoveRequest,
  meta: WriteMeta,
): Promise<DocumentRemoveResponse> {
  await resolveTriadAccess(ctx.db, caller, input.triad);
  const document = await ownDocument(ctx.db, caller, input.triad, input.id);
  await ctx.db.transaction(async (tx) => {
    await deleteDocument(tx, document.id);
    await logImpersonatedWrite(tx, caller, meta, { action: 'document.remove', entity: 'document', entityId: document.id });
  });
  return {
    success: true,
    hasError: false,
    message: text(meta.locale, document.type === DOCUMENT_TYPE.document ? 'document.documentRemoved' : 'document.noteRemoved'),
  };
}
