import { type DashboardFilter, type FileDownloadResponse, type Locale, type ReplyIcon } from '@lea/shared';
import { profileTitlesOf, titleOf, type ProfileTitles } from '../../services/profile-titles.js';
import type { DbOrTx } from '../../db/client.js';
import { writeWorkbook, XLSX_MIME } from '../../generic/xlsx.js';
import type { Caller } from '../../http/caller.js';
import { badRequest } from '../../http/errors.js';
import { appliesTo, loadDashboardData, triadReplies, type DashboardData, type DashboardTriadRow } from './dashboard-data.js';
import { dashboardReply } from './dashboard.js';
import { parisDate } from './rules.js';
import { text, textRef, translator, type PlainTextKey } from '../../texts/index.js';

const ICONS = {
  check: 'dashboard.iconCheck',
  'lock-open': 'dashboard.iconLockOpen',
  lock: 'dashboard.iconLock',
  'hourglass-start': 'dashboard.iconHourglass',
} as const satisfies Record<ReplyIcon, PlainTextKey>;

/** 2026-03-04 → 04/03/2026; an instant is read as its day in Europe/Paris. */
export const frenchDay = (value: string | Date) => (value instanceof Date ? parisDate(value) : value).split('-').reverse().join('/');

/** Triads in the dashboard's order: crew by crew, crew-less ones last. */
export function orderedTriads(data: Pick<DashboardData, 'crews' | 'triads'>, locale: Locale): { triad: DashboardTriadRow; crew: string }[] {
  const noCrew = text(locale, 'manager.noCrew');
  const crewTitle = new Map(data.crews.map((crew) => [crew.id, crew.title]));
  const rank = new Map(data.crews.map((crew, index) => [crew.id, index]));
  return [...data.triads]
    .sort((a, b) => (rank.get(a.crewId ?? -1) ?? data.crews.length) - (rank.get(b.crewId ?? -1) ?? data.crews.length))
    .map((triad) => ({ triad, crew: triad.crewId === null ? noCrew : (crewTitle.get(triad.crewId) ?? noCrew) }));
}

/** The first columns of every dashboard workbook: who the triad is. */
export function triadCells(entry: { triad: DashboardTriadRow; crew: string }, locale: Locale): (string | number | null)[] {
  const { triad } = entry;
  return [
    entry.crew,
    triad.apprentice?.fullName ?? null,
    (triad.tutor ?? triad.tutor2)?.fullName ?? null,
    (triad.apprenticeMaster ?? triad.apprenticeMaster2)?.fullName ?? null,
    text(locale, triad.active ? 'dashboard.yes' : 'dashboard.no'),
  ];
}

/** The headers of `triadCells`, the profiles named with the platform's titles in the locale. */
export function triadHeaders(locale: Locale, titles: ProfileTitles): string[] {
  return [text(locale, 'dashboard.crew'), titleOf(titles, 1), titleOf(titles, 2), titleOf(titles, 3), text(locale, 'dashboard.active')];
}

export async function download(
  filename: string,
  sheet: string,
  headers: string[],
  rows: (string | number | null)[][],
): Promise<FileDownloadResponse> {
  const widths = headers.map((header, index) => (index < 5 ? 24 : Math.min(40, Math.max(14, header.length + 2))));
  const bytes = await writeWorkbook(sheet, headers, rows, widths);
  return { filename, data: bytes.toString('base64'), type: XLSX_MIME };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * GET …/dashboard/export: one row per filtered triad, and per questionnaire and signing profile two
 * columns: the status word of its icon and the day it was signed. Cells of a questionnaire that
 * does not apply to the triad, or of a profile nobody holds, stay empty.
 */
export async function exportSignatureDashboard(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; filter: DashboardFilter; locale: Locale },
): Promise<FileDownloadResponse> {
  const data = await loadDashboardData(db, caller, params.courseId, params.filter, { replies: 'icons' });
  const t = translator(params.locale);
  if (data.triads.length === 0 || data.questionnaires.length === 0) throw badRequest(textRef('dashboard.noData'));
  const columns = data.questionnaires.flatMap((entry) => entry.questionnaire.signedBy.map((profile) => ({ entry, profile })));
  const titles = (await profileTitlesOf(db, data.course.platformId))[params.locale];
  const headers = [
    ...triadHeaders(params.locale, titles),
    ...columns.flatMap(({ entry, profile }) => {
      const name = `${entry.questionnaire.title} – ${titleOf(titles, profile)}`;
      return [name, `${name} – ${t('dashboard.signedOn')}`];
    }),
  ];
  const rows = orderedTriads(data, params.locale).map((item) => [
    ...triadCells(item, params.locale),
    ...columns.flatMap(({ entry, profile }) => {
      const cell = appliesTo(entry, item.triad) ? dashboardReply(data, entry, item.triad, profile) : null;
      return cell === null ? [null, null] : [t(ICONS[cell.icon]), cell.signedAt === null ? null : frenchDay(new Date(cell.signedAt))];
    }),
  ]);
  return download(`lea-tableau-signatures-${data.course.id}-${today()}.xlsx`, t('dashboard.signatures'), headers, rows);
}

/**
 * GET …/dashboard/export-interview-dates: per filtered triad, one column per filtered questionnaire
 * that uses an interview date, holding the dates the profiles gave (shared or signed replies).
 */
export async function exportInterviewDates(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; filter: DashboardFilter; locale: Locale },
): Promise<FileDownloadResponse> {
  const data = await loadDashboardData(db, caller, params.courseId, params.filter);
  const interviewDates = text(params.locale, 'dashboard.interviewDates');
  const entries = data.questionnaires.filter((entry) => entry.questionnaire.useInterviewDate);
  if (data.triads.length === 0 || entries.length === 0) throw badRequest(textRef('dashboard.noData'));
  const titles = (await profileTitlesOf(db, data.course.platformId))[params.locale];
  const headers = [
    ...triadHeaders(params.locale, titles),
    ...entries.map((entry) => `${entry.questionnaire.title} – ${entry.questionnaire.interviewDateLabel ?? interviewDates}`),
  ];
  const rows = orderedTriads(data, params.locale).map((item) => [
    ...triadCells(item, params.locale),
    ...entries.map((entry) => {
      if (!appliesTo(entry, item.triad)) return null;
      const replies = triadReplies(data, entry.questionnaire.id, item.triad.id);
      const dates = replies
        .filter(
          (reply) =>
            reply.status >= 2 && reply.interviewDate !== null && entry.questionnaire.interviewDateVisibleBy.includes(reply.profile),
        )
        .sort((a, b) => a.profile - b.profile)
        .map((reply) => frenchDay(reply.interviewDate as string));
      return dates.length === 0 ? null : [...new Set(dates)].join(' / ');
    }),
  ]);
  return download(`lea-dates-de-visite-${data.course.id}-${today()}.xlsx`, interviewDates, headers, rows);
}
