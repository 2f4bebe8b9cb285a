import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { CalendarDate } from './calendar.js';
import { Id } from './common.js';

/**
 * The Qualiopi follow-up report of a course (issue 20 §5, decision 039): per apprentice, over a
 * period, the contract, the company visits, the questionnaires expected and how they were signed,
 * the skill sessions evaluated, the absences and alerts, the reminders.
 */

/** The longest period one report covers, in calendar years (a three-year course). */
export const QUALIOPI_MAX_PERIOD_YEARS = 3;

/** The day `years` calendar years after `day` (29 February → 28 February), as YYYY-MM-DD. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + years, month - 1, date));
  if (shifted.getUTCDate() !== date) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/** `from`–`to` inclusive, `to` not before `from`, and less than QUALIOPI_MAX_PERIOD_YEARS years long; `crew` narrows to one crew. */
export const QualiopiQuery = z
  .object({ from: CalendarDate, to: CalendarDate, crew: Id.optional() })
  .refine((query) => query.to >= query.from, { message: MESSAGES.date, path: ['to'] })
  .refine((query) => query.to < addYears(query.from, QUALIOPI_MAX_PERIOD_YEARS), { message: MESSAGES.date, path: ['to'] });
export type QualiopiQuery = z.infer<typeof QualiopiQuery>;

/**
 * Where an expected questionnaire stands: every signature given on or before its due date
 * (`onTime`), given but one after it (`late`), one still missing once the due date has passed
 * (`missing`), or one still missing before it (`pending`).
 */
export const QUALIOPI_STATUSES = ['onTime', 'late', 'missing', 'pending'] as const;
export type QualiopiStatus = (typeof QUALIOPI_STATUSES)[number];

export const QualiopiContract = z.object({
  type: z.string().nullable(),
  company: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  ruptureDate: z.string().nullable(),
});
export type QualiopiContract = z.infer<typeof QualiopiContract>;

export const QualiopiExpected = z.object({
  questionnaireId: z.number().int(),
  title: z.string(),
  /** The day every signature was due (YYYY-MM-DD). */
  dueDate: z.string(),
  status: z.enum(QUALIOPI_STATUSES),
  /** The day of the last signature given (Paris time), null while one is missing. */
  signedOn: z.string().nullable(),
});
export type QualiopiExpected = z.infer<typeof QualiopiExpected>;

export const QualiopiCounts = z.object({
  expected: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  missing: z.number().int(),
  pending: z.number().int(),
});
export type QualiopiCounts = z.infer<typeof QualiopiCounts>;

export const QualiopiAbsences = z.object({ count: z.number().int(), hours: z.number(), unjustifiedHours: z.number() });

export const QualiopiRow = z.object({
  triadId: z.number().int(),
  active: z.boolean(),
  apprentice: z.string().nullable(),
  crew: z.string().nullable(),
  contracts: z.array(QualiopiContract),
  visits: z.array(z.object({ date: z.string(), questionnaire: z.string() })),
  questionnaires: QualiopiCounts,
  expected: z.array(QualiopiExpected),
  skillSessions: z.object({ inPeriod: z.number().int(), evaluated: z.array(z.object({ name: z.string(), skills: z.number().int() })) }),
  absences: QualiopiAbsences,
  absenceAlerts: z.number().int(),
  reminders: z.number().int(),
});
export type QualiopiRow = z.infer<typeof QualiopiRow>;

export const QualiopiTotals = z.object({
  apprentices: z.number().int(),
  contracts: z.number().int(),
  visits: z.number().int(),
  questionnaires: QualiopiCounts,
  skillSessionsEvaluated: z.number().int(),
  absences: QualiopiAbsences,
  absenceAlerts: z.number().int(),
  /** Distinct mails: one reminder to a tutor of three apprentices counts once here, once in each row. */
  reminders: z.number().int(),
});
export type QualiopiTotals = z.infer<typeof QualiopiTotals>;

/** `GET /app/lea-manager/{course}/qualiopi?from&to[&crew]`. */
export const QualiopiReportResponse = z.object({
  course: z.object({
    id: z.number().int(),
    displayName: z.string(),
    startYear: z.number().int().nullable(),
    endYear: z.number().int().nullable(),
  }),
  period: z.object({ from: z.string(), to: z.string() }),
  /** The day the figures were read (Paris time): `missing` and `pending` depend on it. */
  today: z.string(),
  crews: z.array(z.object({ id: z.number().int(), title: z.string() })),
  rows: z.array(QualiopiRow),
  totals: QualiopiTotals,
});
export type QualiopiReportResponse = z.infer<typeof QualiopiReportResponse>;
