import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGES, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { frenchTexts } from '../../texts/index.js';
import type { ManagerScope, SharedScope } from '../types.js';

/** The picture types a logo or a preview may be (spec 2 §9: gif, jpg, jpeg, png). */
export const PICTURE_MIME_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif'];

export type FileValue = { id: number; originalName: string };

/** Stored files by id, as a file field shows them (`{id, originalName}`). */
export async function fileValues(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, FileValue>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: files.id, originalName: files.originalName }).from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The file fields of a back-office save: each file must be one the record already holds, or one the
 * caller uploaded on this platform (ids are never trusted as sent); pictures must be png, jpeg or gif.
 */
export async function checkAttachments(
  db: DbOrTx,
  scope: ManagerScope | SharedScope,
  fields: { field: string; fileId: number | null; picture?: boolean }[],
  /** The files the edited record already holds. */
  kept: readonly (number | null)[],
): Promise<ValidationError[]> {
  const platformId = scope.area === 'manager' ? scope.course.platformId : scope.platformId;
  const errors: ValidationError[] = [];
  for (const { field, fileId, picture } of fields) {
    if (fileId === null) continue;
    const [file] = await db
      .select({ uploadedBy: files.uploadedBy, mimeType: files.mimeType })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.platformId, platformId)))
      .limit(1);
    if (!file || (!kept.includes(fileId) && file.uploadedBy !== scope.caller.userId)) {
      errors.push({ field, message: MESSAGES.fileUnavailable });
    } else if (picture && !PICTURE_MIME_TYPES.includes(file.mimeType)) {
      errors.push({ field, message: frenchTexts('lesson').notPicture });
    }
  }
  return errors;
}
