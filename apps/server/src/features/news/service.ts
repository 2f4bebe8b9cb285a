import { and, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import { NEWS_PAGE_SIZE, type NewsItem, type NewsListResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { files, news } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileLinks } from '../../services/file-links.js';
import { textRef } from '../../texts/index.js';

/** Today in Paris: a news item shows from its day on. */
export const parisToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);

/** The platform's news a caller reads: published ones, and the future-dated ones too for an administrator who asks. */
function readable(caller: Caller, withFuture: boolean): SQL {
  return and(eq(news.platformId, caller.platformId), caller.admin && withFuture ? undefined : lte(news.dateToDisplay, parisToday())) as SQL;
}

const columns = {
  id: news.id,
  title: news.title,
  subTitle: news.subTitle,
  text: news.text,
  tag: news.tag,
  dateToDisplay: news.dateToDisplay,
  pathName: files.pathName,
  originalName: files.originalName,
};
type Row = Omit<NewsItem, 'picture'> & { pathName: string | null; originalName: string | null };

const itemOf = (row: Row, links: FileLinks): NewsItem => ({
  id: row.id,
  title: row.title,
  subTitle: row.subTitle,
  text: row.text,
  tag: row.tag,
  dateToDisplay: row.dateToDisplay,
  picture:
    row.pathName !== null && row.originalName !== null ? links.inline({ pathName: row.pathName, originalName: row.originalName }) : null,
});

/** `GET /app/news?page=n`: a page of 12, newest first (spec 3 §9), pictures linked for the reader. */
export async function listNews(
  db: Db,
  caller: Caller,
  links: FileLinks,
  query: { page: number; all?: '0' | '1' | undefined },
): Promise<NewsListResponse> {
  const where = readable(caller, query.all === '1');
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(news)
      .leftJoin(files, eq(files.id, news.pictureFileId))
      .where(where)
      .orderBy(desc(news.dateToDisplay), desc(news.id))
      .limit(NEWS_PAGE_SIZE)
      .offset((query.page - 1) * NEWS_PAGE_SIZE),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { items: rows.map((row) => itemOf(row, links)), count: total?.n ?? 0, page: query.page, pageSize: NEWS_PAGE_SIZE };
}

/** `GET /app/news/{id}`: one item; another platform's, or one not yet published (for a non-administrator), is a 404. */
export async function readNews(db: Db, caller: Caller, links: FileLinks, id: number): Promise<NewsItem> {
  const [row] = await db
    .select(columns)
    .from(news)
    .leftJoin(files, eq(files.id, news.pictureFileId))
    .where(and(eq(news.id, id), readable(caller, true)));
  if (!row) throw notFound(textRef('news.notFound'));
  return itemOf(row, links);
}
