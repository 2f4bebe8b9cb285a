import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, globalDocuments, helpDocuments, platforms } from '../../db/schema/index.js';

export async function findPlatformById(db: Db, platformId: number) {
  const [platform] = await db.select().from(platforms).where(eq(platforms.id, platformId)).limit(1);
  return platform ?? null;
}

export async function findFilesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: files.id, pathName: files.pathName, originalName: files.originalName }).from(files).where(inArray(files.id, ids));
}

export async function listGlobalDocuments(db: Db, platformId: number) {
  return db
    .select({ id: globalDocuments.id, title: globalDocuments.title, pathName: files.pathName, originalName: files.originalName })
    .from(globalDocuments)
    .innerJoin(files, eq(files.id, globalDocuments.fileId))
    .where(eq(globalDocuments.platformId, platformId))
    .orderBy(asc(globalDocuments.position), asc(globalDocuments.id));
}

export async function listHelpDocuments(db: Db, platformId: number) {
  return db
    .select({
      id: helpDocuments.id,
      title: helpDocuments.title,
      documentType: helpDocuments.documentType,
      description: helpDocuments.description,
      pathName: files.pathName,
      originalName: files.originalName,
    })
    .from(helpDocuments)
    .leftJoin(files, eq(files.id, helpDocuments.fileId))
    .where(eq(helpDocuments.platformId, platformId))
    .orderBy(asc(helpDocuments.position), asc(helpDocuments.id));
}
