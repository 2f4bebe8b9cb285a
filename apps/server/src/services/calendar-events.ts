import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CalendarEvent } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { absenceJustifications, absenceReasons, calendarEvents } from '../db/schema/index.js';
import { EVENT_TYPE, planningOfTriad } from './attendance.js';

/**
 * Reading calendar events (issue 15): the rows of a triad's calendar, of the manager's lists and of the feed,
 * each with its reason's label and its latest justification's status.
 */
export type EventRow = typeof calendarEvents.$inferSelect & { reason: string | null; justificationStatus: number | null };

/** The latest justification's status of an event (null when none was sent). */
export const latestJustificationStatus = sql<number | null>`(select ${absenceJustifications.status} from ${absenceJustifications}
  where ${absenceJustifications.eventId} = ${calendarEvents.id} order by ${absenceJustifications.id} desc limit 1)`;

/** The event columns with the reason's label and the latest justification's status; join `absenceReasons` on reasonId. */
export const eventRowColumns = {
  event: calendarEvents,
  reason: absenceReasons.label,
  justificationStatus: latestJustificationStatus,
};

export function selectEventRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(eventRowColumns)
    .from(calendarEvents)
    .leftJoin(absenceReasons, eq(absenceReasons.id, calendarEvents.reasonId))
    .where(where)
    .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id));
}

export const toEventRow = (row: {
  event: typeof calendarEvents.$inferSelect;
  reason: string | null;
  justificationStatus: number | null;
}): EventRow => ({
  ...row.event,
  reason: row.reason,
  justificationStatus: row.justificationStatus === null ? null : Number(row.justificationStatus),
});

/** `2026-09-14 08:30:00` (or with a T) → `2026-09-14 08:30`: the wire's form. */
export const wireDateTime = (value: string) => `${value.slice(0, 10)} ${value.slice(11, 16)}`;
/** The column's form of a wire time. */
export const columnDateTime = (value: string) => `${value.slice(0, 10)} ${value.slice(11, 16)}:00`;

export function toCalendarEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    type: row.type as CalendarEvent['type'],
    title: row.title,
    start_date: wireDateTime(row.startDate),
    end_date: wireDateTime(row.endDate),
    hours: Number(row.hours),
    subject: row.subject,
    teacher: row.teacher,
    classroom: row.classroom,
    justified: row.justified,
    reason: row.reason,
    announced: row.announced,
    justificationStatus: row.justificationStatus as CalendarEvent['justificationStatus'],
    crewId: row.crewId,
    triadId: row.triadId,
  };
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Events overlapping the days `from`–`to` (both included). */
export function overlapping(from: string, to: string): SQL {
  return and(lt(calendarEvents.startDate, `${nextDay(to)} 00:00:00`), gte(calendarEvents.endDate, `${from} 00:00:00`))!;
}

export type TriadCalendarTarget = { id: number; crewId: number | null; trainingCourseId: number };

/** The absences of a triad, and its planning when asked, overlapping a period. */
export async function listTriadEvents(
  db: DbOrTx,
  triad: TriadCalendarTarget,
  period: { from: string; to: string } | null,
  includePlanning: boolean,
): Promise<EventRow[]> {
  const absences = and(eq(calendarEvents.triadId, triad.id), eq(calendarEvents.type, EVENT_TYPE.absence));
  const owned = includePlanning ? sql`(${absences} or ${planningOfTriad(triad)})` : absences;
  const rows = await selectEventRows(db, and(owned, period ? overlapping(period.from, period.to) : undefined));
  return rows.map(toEventRow);
}

/** Events by id within a course (the manager's bulk actions). */
export async function eventsOfCourse(db: DbOrTx, courseId: number, ids: number[], types: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.trainingCourseId, courseId), inArray(calendarEvents.id, ids), inArray(calendarEvents.type, [...types])));
}

/** The latest justification of an absence. */
export async function latestJustification(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select()
    .from(absenceJustifications)
    .where(eq(absenceJustifications.eventId, eventId))
    .orderBy(desc(absenceJustifications.id))
    .limit(1);
  return row ?? null;
}

/** Whole hours and minutes between two wall-clock times, as hours with two decimals (the default of a form). */
export function hoursBetween(start: string, end: string): number {
  const minutes =
    (Date.parse(`${end.slice(0, 10)}T${end.slice(11, 16)}:00Z`) - Date.parse(`${start.slice(0, 10)}T${start.slice(11, 16)}:00Z`)) / 60000;
  return Math.max(0, Math.round((minutes / 60) * 100) / 100);
}

/** Shifts a wall-clock time by whole days, keeping its time of day. */
export function shiftDays(value: string, days: number): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.toISOString().slice(0, 10)} ${value.slice(11, 16)}:00`;
}

/** Days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b.slice(0, 10)}T00:00:00Z`) - Date.parse(`${a.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/** Short French or English day of a wall-clock time, for timeline lines and mails. */
export function dayLabel(value: string, locale: 'fr' | 'en'): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return locale === 'fr' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}
