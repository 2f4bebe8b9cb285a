import { asc, eq } from 'drizzle-orm';
import type { WebLinkListResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { files, webLinks } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { FileLinks } from '../../services/file-links.js';
import { resolveTriadAccess } from '../../services/triad-access.js';

/**
 * `GET /app/web-link/list/{triad}` (spec 2 §2, MODULE_LEA_WEBLINKS): the useful links of the
 * triad's course in their order, the logo as a link signed for the reader.
 */
export async function listWebLinks(db: Db, caller: Caller, triadId: number, links: FileLinks): Promise<WebLinkListResponse> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_WEBLINKS' });
  const rows = await db
    .select({
      id: webLinks.id,
      name: webLinks.name,
      url: webLinks.url,
      logo: { pathName: files.pathName, originalName: files.originalName },
    })
    .from(webLinks)
    .leftJoin(files, eq(files.id, webLinks.logoFileId))
    .where(eq(webLinks.trainingCourseId, access.course.id))
    .orderBy(asc(webLinks.position), asc(webLinks.id));
  return {
    webLinks: rows.map((row) => ({ id: row.id, name: row.name, url: row.url, logo: row.logo ? links.inline(row.logo) : null })),
  };
}
