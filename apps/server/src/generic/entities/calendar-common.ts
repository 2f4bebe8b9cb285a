import { and, asc, eq, inArray } from 'drizzle-orm';
import { readSetQuery, type FieldChoice, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { absenceReasons, calendarEvents, crews, triads, users } from '../../db/schema/index.js';
import { frenchTexts, text, textRef, type TextRef } from '../../texts/index.js';
import { hoursBetween } from '../../services/calendar-events.js';
import type { ExchangeColumn, ManagerScope } from '../types.js';

/**
 * What the planning and absence declarations share: the course's crews, triads and reasons as choices and by name,
 * the checks of an event's times and owner, and the cells of their import files.
 */
export const CALENDAR_FIELD_MESSAGES = frenchTexts('calendar');
export type EventRecord = typeof calendarEvents.$inferSelect;

export async function crewChoices(db: DbOrTx, courseId: number): Promise<FieldChoice[]> {
  const rows = await db
    .select({ id: crews.id, name: crews.name })
    .from(crews)
    .where(eq(crews.trainingCourseId, courseId))
    .orderBy(asc(crews.position), asc(crews.id));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

/** The course's triads named by their apprentice (the triad's id when it has none). */
export async function triadChoices(db: DbOrTx, courseId: number): Promise<FieldChoice[]> {
  const rows = await db
    .select({ id: triads.id, firstName: users.firstName, lastName: users.lastName })
    .from(triads)
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(triads.trainingCourseId, courseId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(triads.id));
  return rows.map((row) => ({ value: String(row.id), label: row.lastName ? `${row.lastName} ${row.firstName}` : `#${row.id}` }));
}

export async function reasonChoices(db: DbOrTx, platformId: number): Promise<FieldChoice[]> {
  const rows = await db
    .select({ id: absenceReasons.id, label: absenceReasons.label })
    .from(absenceReasons)
    .where(eq(absenceReasons.platformId, platformId))
    .orderBy(asc(absenceReasons.position), asc(absenceReasons.id));
  return rows.map((row) => ({ value: String(row.id), label: row.label }));
}

const known = (choices: FieldChoice[], id: number | null) => id === null || choices.some((choice) => choice.value === String(id));

/** Times in order, and the crew, triad and reason of the course or platform. */
export async function checkEvent(
  db: DbOrTx,
  scope: ManagerScope,
  input: { startDate: string; endDate: string; crew?: number | null; triad?: number | null; reason?: number | null },
): Promise<ValidationError[]> {
  const errors: ValidationError[] = [];
  if (input.endDate < input.startDate) errors.push({ field: 'endDate', message: CALENDAR_FIELD_MESSAGES.endBeforeStart });
  if (input.crew && input.triad) errors.push({ field: 'triad', message: CALENDAR_FIELD_MESSAGES.crewOrTriad });
  if (input.crew && !known(await crewChoices(db, scope.course.id), input.crew))
    errors.push({ field: 'crew', message: CALENDAR_FIELD_MESSAGES.unknownCrew });
  if (input.triad && !known(await triadChoices(db, scope.course.id), input.triad))
    errors.push({ field: 'triad', message: CALENDAR_FIELD_MESSAGES.unknownTriad });
  if (input.reason && !known(await reasonChoices(db, scope.course.platformId), input.reason))
    errors.push({ field: 'reason', message: CALENDAR_FIELD_MESSAGES.unknownReason });
  return errors;
}

/** A form's query with the pairs of its `set` (spec 3 §2.1: `startDate`, `triad`, `crew` of the calendar's click). */
export function formQuery(query: Readonly<Record<string, string>>): Record<string, string> {
  return { ...readSetQuery(query.set), ...query };
}

/** The form's initial start from the query (`startDate` of the clicked day), 9:00 to 17:00 by default. */
export function initialTimes(query: Readonly<Record<string, string>>): { startDate: string; endDate: string; hours: number } | null {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(query.startDate ?? '')?.[0];
  if (!day) return null;
  const startDate = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(query.startDate!)
    ? `${day} ${query.startDate!.slice(11, 16)}`
    : `${day} 09:00`;
  const endDate = `${day} 17:00` > startDate ? `${day} 17:00` : startDate;
  return { startDate, endDate, hours: hoursBetween(startDate, endDate) };
}

export const formDateTime = (value: string) => `${value.slice(0, 10)} ${value.slice(11, 16)}`;

// ── Import cells ───────────────────────────────────────────────────────────────────────────────────

/** A day as `DD/MM/YYYY`, `YYYY-MM-DD` (a date cell) or `DD-MM-YYYY`. */
export function parseDay(cell: string): { value: string } | TextRef {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(cell);
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(cell);
  const [y, m, d] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : french
      ? [french[3]!, french[2]!.padStart(2, '0'), french[1]!.padStart(2, '0')]
      : [];
  if (!y) return textRef('calendar.badDateTime');
  const value = `${y}-${m}-${d}`;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value) ? textRef('calendar.badDateTime') : { value };
}

/** A time of day as `8:30`, `08:30:00`, `8h30` or a fraction of a day (a time cell read as a number). */
export function parseTime(cell: string): { value: string } | TextRef {
  const clock = /^(\d{1,2})\s*[:hH]\s*(\d{2})?(?::\d{2})?$/.exec(cell);
  if (clock) {
    const hour = Number(clock[1]);
    const minute = Number(clock[2] ?? '0');
    if (hour < 24 && minute < 60) return { value: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
  }
  const fraction = Number(cell.replace(',', '.'));
  if (/^0?[.,]\d+$/.test(cell) && fraction >= 0 && fraction < 1) {
    const minutes = Math.round(fraction * 1440);
    return { value: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
  }
  return textRef('calendar.badDateTime');
}

export function parseId(cell: string): { value: number } | TextRef {
  return /^\d{1,9}$/.test(cell) ? { value: Number(cell) } : textRef('backOffice.import.badId');
}

export function parseHours(cell: string): { value: number } | TextRef {
  const value = Number(cell.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 && value <= 999.99 ? { value: Math.round(value * 100) / 100 } : textRef('calendar.badHours');
}

/** `oui`/`non`, `yes`/`no`, `1`/`0`, `x`. */
export function parseYesNo(cell: string): { value: boolean } {
  return { value: ['oui', 'yes', '1', 'x', 'vrai', 'true'].includes(cell.trim().toLowerCase()) };
}

/** The start and end of an import line, and its hours (given, or the time between). */
export function lineTimes(values: Readonly<Record<string, unknown>>): { startDate: string; endDate: string; hours: number } | null {
  const day = String(values.date);
  const startDate = `${day} ${String(values.startTime)}:00`;
  const endDate = `${day} ${String(values.endTime)}:00`;
  if (endDate < startDate) return null;
  const hours = values.hours === null || values.hours === undefined ? hoursBetween(startDate, endDate) : Number(values.hours);
  return { startDate, endDate, hours };
}

export const yesNo = (value: boolean) => textRef(value ? 'calendar.yes' : 'calendar.no');

/** Names of the course's crews and of its apprentices' e-mails, for import lines. */
export async function importLookups(db: DbOrTx, scope: ManagerScope) {
  const crewRows = await db.select({ id: crews.id, name: crews.name }).from(crews).where(eq(crews.trainingCourseId, scope.course.id));
  const triadRows = await db
    .select({ id: triads.id, email: users.email })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(triads.trainingCourseId, scope.course.id));
  const reasonRows = await db
    .select({ id: absenceReasons.id, label: absenceReasons.label })
    .from(absenceReasons)
    .where(eq(absenceReasons.platformId, scope.course.platformId));
  const norm = (value: string) => value.trim().toLowerCase();
  return {
    crew: new Map(crewRows.map((row) => [norm(row.name), row.id])),
    triadByEmail: new Map(triadRows.map((row) => [norm(row.email), row.id])),
    reason: new Map(reasonRows.map((row) => [norm(row.label), row.id])),
    norm,
  };
}

/** The events of an update file: ids of the course's events of these types. */
export async function knownEventIds(db: DbOrTx, courseId: number, ids: number[], types: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.trainingCourseId, courseId), inArray(calendarEvents.id, ids), inArray(calendarEvents.type, types)));
  return new Set(rows.map((row) => row.id));
}

export const typeLabel = (type: number, locale: 'fr' | 'en') =>
  text(locale, type === 0 ? 'calendar.typeCompany' : type === 1 ? 'calendar.typeCourse' : 'calendar.typeAbsence');

/** The day, start, end and hours columns of the planning and absence import and export files. */
export function eventTimeColumns<Row extends { startDate: string; endDate: string; hours: string | number }>(): ExchangeColumn<Row>[] {
  return [
    {
      key: 'date',
      header: 'calendar.date',
      required: true,
      parse: parseDay,
      value: (row) => row.startDate.slice(0, 10),
      example: '14/09/2026',
      width: 14,
    },
    {
      key: 'startTime',
      header: 'calendar.startTime',
      required: true,
      parse: parseTime,
      value: (row) => row.startDate.slice(11, 16),
      example: '08:30',
      width: 12,
    },
    {
      key: 'endTime',
      header: 'calendar.endTime',
      required: true,
      parse: parseTime,
      value: (row) => row.endDate.slice(11, 16),
      example: '12:30',
      width: 12,
    },
    { key: 'hours', header: 'calendar.hours', parse: parseHours, value: (row) => Number(row.hours), example: '4', width: 10 },
  ];
}
