import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  ConnectionHistoryQuery,
  FileDownloadResponse,
  HistoryPeopleResponse,
  HistoryQuery,
  HistoryResponse,
  HistoryType,
  Locale,
} from '@lea/shared';
import type { Db } from '../../db/client.js';
import { trainingCourseManagers, userPlatforms, users } from '../../db/schema/index.js';
import { courseUserIds } from '../../generic/people.js';
import { writeWorkbook, XLSX_MIME } from '../../generic/xlsx.js';
import type { ManagedCourse } from '../../generic/types.js';
import { badRequest } from '../../http/errors.js';
import { text, textRef, type PlainTextKey } from '../../texts/index.js';
import { describeLines, parisDateTime } from './lines.js';
import { listHistory, type HistoryFilter } from './queries.js';

/** An export holds at most this many lines (the newest): a workbook past it is no longer read by anyone. */
export const EXPORT_MAX_LINES = 50_000;

type Period = { from?: string | undefined; to?: string | undefined };

/** A period whose end precedes its start is refused (400), not read as empty. */
export function checkPeriod(period: Period): void {
  if (period.from !== undefined && period.to !== undefined && period.to < period.from) throw badRequest(textRef('history.badPeriod'));
}

const adminFilter = (query: Omit<HistoryQuery, 'limit' | 'offset'>): HistoryFilter => ({
  userId: query.user,
  types: query.type === undefined ? undefined : [query.type],
  from: query.from,
  to: query.to,
});

/** The platform's history (admin area, spec 3 §2.3 history): one page of the filtered lines, newest first. */
export async function adminHistory(db: Db, platformId: number, query: HistoryQuery, locale: Locale): Promise<HistoryResponse> {
  checkPeriod(query);
  const page = await listHistory(db, platformId, adminFilter(query), { limit: query.limit, offset: query.offset });
  return { data: await describeLines(db, page.rows, locale, platformId), count: page.count };
}

const HISTORY_COLUMNS: PlainTextKey[] = [
  'history.column.date',
  'history.column.type',
  'history.column.action',
  'history.column.user',
  'history.column.impersonator',
  'history.column.ip',
  'history.column.userAgent',
];

async function historyWorkbook(
  db: Db,
  platformId: number,
  filter: HistoryFilter,
  locale: Locale,
  names: { file: string; sheet: PlainTextKey },
): Promise<FileDownloadResponse> {
  const page = await listHistory(db, platformId, filter, { limit: EXPORT_MAX_LINES, offset: 0 });
  const lines = await describeLines(db, page.rows, locale, platformId);
  const rows = lines.map((line) => [
    parisDateTime(line.at),
    text(locale, `history.type.${line.type}`),
    line.label,
    line.user?.fullName ?? null,
    line.impersonator?.fullName ?? null,
    line.ip,
    line.userAgent,
  ]);
  const bytes = await writeWorkbook(
    text(locale, names.sheet),
    HISTORY_COLUMNS.map((key) => text(locale, key)),
    rows,
    [18, 26, 50, 26, 26, 16, 40],
  );
  return { filename: `${names.file}-${new Date().toISOString().slice(0, 10)}.xlsx`, data: bytes.toString('base64'), type: XLSX_MIME };
}

/** The same lines as a workbook (`GET /app/admin/history/export`), every filtered line up to EXPORT_MAX_LINES. */
export function adminHistoryExport(db: Db, platformId: number, query: HistoryQuery, locale: Locale): Promise<FileDownloadResponse> {
  checkPeriod(query);
  return historyWorkbook(db, platformId, adminFilter(query), locale, { file: 'lea-historique', sheet: 'history.sheetHistory' });
}

/** The platform's people whose name or username holds the text: the history's person filter. */
export async function historyPeople(db: Db, platformId: number, search: string): Promise<HistoryPeopleResponse> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(
      or(
        ilike(users.lastName, pattern),
        ilike(users.firstName, pattern),
        ilike(users.username, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    )
    .orderBy(users.lastName, users.firstName)
    .limit(20);
  return { people: rows.map((row) => ({ id: row.id, fullName: `${row.firstName} ${row.lastName}` })) };
}

const CONNECTION_TYPES: readonly HistoryType[] = ['connection', 'impersonation'];

/** The course's people: its triads' members and secondary users, and its managers. */
function coursePeople(db: Db, course: ManagedCourse): SQL {
  return sql`${courseUserIds(db, course.id).union(
    db
      .select({ id: trainingCourseManagers.userId })
      .from(trainingCourseManagers)
      .where(eq(trainingCourseManagers.trainingCourseId, course.id)),
  )}`;
}

const connectionFilter = (db: Db, course: ManagedCourse, query: Omit<ConnectionHistoryQuery, 'limit' | 'offset'>): HistoryFilter => ({
  userId: query.user,
  types: query.type === undefined ? CONNECTION_TYPES : [query.type],
  from: query.from,
  to: query.to,
  people: coursePeople(db, course),
});

/** The course's connection history (manager area `history`): sign-ins and impersonations of its people. */
export async function courseConnections(
  db: Db,
  course: ManagedCourse,
  query: ConnectionHistoryQuery,
  locale: Locale,
): Promise<HistoryResponse> {
  checkPeriod(query);
  const page = await listHistory(db, course.platformId, connectionFilter(db, course, query), { limit: query.limit, offset: query.offset });
  return { data: await describeLines(db, page.rows, locale, course.platformId), count: page.count };
}

export function courseConnectionsExport(
  db: Db,
  course: ManagedCourse,
  query: ConnectionHistoryQuery,
  locale: Locale,
): Promise<FileDownloadResponse> {
  checkPeriod(query);
  return historyWorkbook(db, course.platformId, connectionFilter(db, course, query), locale, {
    file: `lea-connexions-${course.id}`,
    sheet: 'history.sheetConnections',
  });
}

export const periodOf = (column: Parameters<typeof gte>[0], period: Period): SQL[] => [
  ...(period.from === undefined ? [] : [gte(column, sql`(${period.from}::date)::timestamp at time zone 'Europe/Paris'`)]),
  ...(period.to === undefined ? [] : [lt(column, sql`((${period.to}::date + 1)::timestamp at time zone 'Europe/Paris')`)]),
];
