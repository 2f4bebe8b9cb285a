import { and, asc, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_CATEGORY, PROFILE, type HomeDocument, type Triad } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { documentCategories, documents, documentTrainingCourses, files } from '../db/schema/index.js';
import type { FileLinks } from './file-links.js';
import type { CacheBus } from './shared-cache.js';

/** How many items each list of the home documents block gets (spec 2 §2). */
export const HOME_DOCUMENTS_LENGTH = 10;

/**
 * Who reads documents: managers of the course and administrators see every item; the others see
 * the items whose rights hold one of their profiles, and their own. Members without a numbered
 * profile (secondary users, the company manager) read as the apprentice's side, as in the notepad.
 */
export type DocumentViewer = { userId: number; profiles: readonly number[]; seesAll: boolean };

export function documentViewerOf(userId: number, roles: readonly number[], canManage: boolean): DocumentViewer {
  const profiles = roles.filter((role) => role !== PROFILE.manager);
  return { userId, profiles: profiles.length > 0 ? profiles : [PROFILE.apprentice], seesAll: canManage };
}

/** The items of a triad: its own, and those a manager shared with the triad's course. */
export function triadDocumentScope(db: DbOrTx, scope: { triadId: number; courseId: number; platformId: number }): SQL {
  const sharedWithCourse = exists(
    db
      .select({ one: documentTrainingCourses.documentId })
      .from(documentTrainingCourses)
      .where(and(eq(documentTrainingCourses.documentId, documents.id), eq(documentTrainingCourses.trainingCourseId, scope.courseId))),
  );
  return and(
    eq(documents.platformId, scope.platformId),
    or(eq(documents.triadId, scope.triadId), and(isNull(documents.triadId), sharedWithCourse)),
  ) as SQL;
}

/** The items the viewer may read (rights hold one of the viewer's profiles, or the viewer wrote it). */
export function visibleToViewer(viewer: DocumentViewer): SQL {
  if (viewer.seesAll) return sql`true`;
  const byRight = viewer.profiles.map((profile) => sql`${documents.rights} @> ${JSON.stringify([profile])}::jsonb`);
  return or(eq(documents.uploaderId, viewer.userId), ...byRight) as SQL;
}

export type HomeDocumentsInput = {
  triadId: number;
  courseId: number;
  platformId: number;
  displayDocument: boolean;
  viewer: DocumentViewer;
  /** The viewer's signed file links (decision 018). */
  links: FileLinks;
};

type HomeDocumentsBlock = Pick<Triad, 'generalDocuments' | 'pedagogicDocuments' | 'documentCategories'>;

type HomeDocumentRow = {
  id: number;
  title: string;
  type: number;
  at: number | string;
  pathName: string | null;
  originalName: string | null;
};

/** One category's items as a JSON array (newest first, at most HOME_DOCUMENTS_LENGTH), for the one statement below. */
function homeCategoryJson(db: DbOrTx, input: HomeDocumentsInput, code: string): SQL {
  const page = db
    .select({
      id: documents.id,
      createdAt: documents.createdAt,
      item: sql`json_build_object(
        'id', ${documents.id}, 'title', ${documents.title}, 'type', ${documents.type},
        'at', floor(extract(epoch from ${documents.createdAt}) * 1000),
        'pathName', ${files.pathName}, 'originalName', ${files.originalName}
      )`.as('item'),
    })
    .from(documents)
    .innerJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(
      and(
        triadDocumentScope(db, input),
        visibleToViewer(input.viewer),
        eq(documents.visibleHomeLea, true),
        eq(documentCategories.code, code),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(HOME_DOCUMENTS_LENGTH);
  return sql`(select coalesce(json_agg(page.item order by page.created_at desc, page.id desc), '[]'::json) from (${page}) page)`;
}

function toHomeDocument(row: HomeDocumentRow, links: FileLinks): HomeDocument {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    date: new Date(Number(row.at)).toISOString(),
    url: row.pathName && row.originalName !== null ? links.download({ pathName: row.pathName, originalName: row.originalName }) : null,
    fileName: row.originalName,
  };
}

/**
 * The documents block of GET /app/triad/{id}: the general and pedagogic items marked visible on the
 * home page, newest first, when the course displays documents; and every category of the platform
 * for the links to the other tabs. One statement for the two lists (JSON arrays); the categories
 * come from the shared cache when given.
 */
export async function listHomeDocuments(db: DbOrTx, input: HomeDocumentsInput, cache: CacheBus | null = null): Promise<HomeDocumentsBlock> {
  const load = () => platformDocumentCategories(db, input.platformId);
  const categories = cache ? cache.cache<DocumentCategoryList>('documentCategories', 100).get(input.platformId, load) : load();
  if (!input.displayDocument) return { generalDocuments: [], pedagogicDocuments: [], documentCategories: await categories };
  const [documentCategories, result] = await Promise.all([
    categories,
    db.execute(sql`select
      ${homeCategoryJson(db, input, DOCUMENT_CATEGORY.general)} as "general",
      ${homeCategoryJson(db, input, DOCUMENT_CATEGORY.pedagogic)} as "pedagogic"
    `) as unknown as Promise<{ rows: { general: HomeDocumentRow[]; pedagogic: HomeDocumentRow[] }[] }>,
  ]);
  const row = result.rows[0]!;
  return {
    generalDocuments: row.general.map((item) => toHomeDocument(item, input.links)),
    pedagogicDocuments: row.pedagogic.map((item) => toHomeDocument(item, input.links)),
    documentCategories,
  };
}

type DocumentCategoryList = HomeDocumentsBlock['documentCategories'];

/**
 * The platform's document categories in tab order. GET triad/{id} keeps them in the shared cache
 * (topic 'documentCategories', key the platform id): only the demo seed writes them; a write that
 * one day changes them must say so with `ctx.cache.changed('documentCategories', platformId, tx)`.
 */
async function platformDocumentCategories(db: DbOrTx, platformId: number): Promise<DocumentCategoryList> {
  // Awaited here: the cache keeps a promise, and a query builder awaited again would run again.
  return await db
    .select({ id: documentCategories.id, code: documentCategories.code, title: documentCategories.title })
    .from(documentCategories)
    .where(eq(documentCategories.platformId, platformId))
    .orderBy(asc(documentCategories.position), asc(documentCategories.id));
}
