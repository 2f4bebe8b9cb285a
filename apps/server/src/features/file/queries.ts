import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  files,
  globalDocuments,
  helpDocuments,
  institutions,
  platforms,
  trainingCourseSettings,
  trainingCourses,
  trainings,
} from '../../db/schema/index.js';

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await db
    .insert(files)
    .values(values)
    .returning({ id: files.id, pathName: files.pathName, name: files.name, originalName: files.originalName });
  return row!;
}

/** A file of the platform by its store key; files of other platforms do not exist for the caller. */
export async function findPlatformFile(db: Db, pathName: string, platformId: number) {
  const [row] = await db
    .select({
      id: files.id,
      pathName: files.pathName,
      originalName: files.originalName,
      mimeType: files.mimeType,
      uploadedBy: files.uploadedBy,
    })
    .from(files)
    .where(and(eq(files.pathName, pathName), eq(files.platformId, platformId)))
    .limit(1);
  return row ?? null;
}

/** Holds, until the transaction ends, the one lock of a user's uploads (their quota check and insert). */
export async function lockUploads(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lea-upload-${userId}`}))`);
}

/** The bytes a user's stored uploads take (files_uploaded_by_idx). */
export async function uploadedBytes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.uploadedBy, userId));
  return Number(row?.total ?? 0);
}

/**
 * Whether a file is public on its platform, and how: `design` for the platform's logos and favicon
 * and the institutions' logos, `document` for the login page's and the help's documents.
 */
export async function findPublicUse(db: Db, fileId: number, platformId: number): Promise<'design' | 'document' | null> {
  const design = sql<string>`'design'`;
  const document = sql<string>`'document'`;
  const [use] = await db
    .select({ kind: design })
    .from(platforms)
    .where(
      and(
        eq(platforms.id, platformId),
        or(
          eq(platforms.logoTypeFileId, fileId),
          eq(platforms.logoCfaFileId, fileId),
          eq(platforms.logoHomepageFileId, fileId),
          eq(platforms.faviconFileId, fileId),
        ),
      ),
    )
    .unionAll(
      db
        .select({ kind: design })
        .from(institutions)
        .where(and(eq(institutions.platformId, platformId), eq(institutions.logoFileId, fileId))),
    )
    .unionAll(
      db
        .select({ kind: design })
        .from(trainingCourseSettings)
        .innerJoin(trainingCourses, eq(trainingCourses.id, trainingCourseSettings.trainingCourseId))
        .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
        .where(and(eq(trainings.platformId, platformId), eq(trainingCourseSettings.logoFileId, fileId))),
    )
    .unionAll(
      db
        .select({ kind: document })
        .from(globalDocuments)
        .where(and(eq(globalDocuments.platformId, platformId), eq(globalDocuments.fileId, fileId))),
    )
    .unionAll(
      db
        .select({ kind: document })
        .from(helpDocuments)
        .where(and(eq(helpDocuments.platformId, platformId), eq(helpDocuments.fileId, fileId))),
    )
    .limit(1);
  return use ? (use.kind as 'design' | 'document') : null;
}
