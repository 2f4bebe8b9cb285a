import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

export async function insertFile(db: Db, values: typeof files.$inferInsert) {
  const [row] = await db
    .insert(files)
    .values(values)
    .returning({ id: files.id, pathName: files.pathName, name: files.name, originalName: files.originalName });
  return row!;
}

/** A file of the platform by its store key; files of other platforms do not exist for the caller. */
export async function findPlatformFile(db: Db, pathName: string, platformId: number) {
  const [row] = await db
    .select({ pathName: files.pathName, originalName: files.originalName, mimeType: files.mimeType })
    .from(files)
    .where(and(eq(files.pathName, pathName), eq(files.platformId, platformId)))
    .limit(1);
  return row ?? null;
}
