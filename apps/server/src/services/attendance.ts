import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { calendarEvents, crews, trainingCourses, trainings, triads, users } from '../db/schema/index.js';

/**
 * Attendance figures read from the calendar (issue 15 §6): what the attestations (hours of a month) and the admin
 * exports (absence totals per diploma, absences per apprentice) print. Hours, not days: funders pay by attended
 * hours. Event types: 0 company, 1 course (the planning), 3 absence.
 */
export const EVENT_TYPE = { company: 0, course: 1, absence: 3 } as const;

export type MonthlyAttendance = {
  /** Hours of course planning (type 1) of the triad in the month: its own, its crew's and the course-wide ones. */
  plannedHours: number;
  /** Planned hours minus the absence hours of the month, never below zero. */
  attendedHours: number;
  absentJustifiedHours: number;
  absentUnjustifiedHours: number;
};

export type AbsenceTotalsRow = {
  trainingId: number;
  trainingTitle: string;
  /** Triads of the training that had at least one absence in the period. */
  apprentices: number;
  absences: number;
  hours: number;
  justifiedHours: number;
  unjustifiedHours: number;
};

export type ApprenticeAbsencesRow = {
  triadId: number;
  apprenticeFirstName: string | null;
  apprenticeLastName: string | null;
  trainingCourseId: number;
  trainingCourse: string;
  crew: string | null;
  absences: number;
  hours: number;
  justifiedHours: number;
  unjustifiedHours: number;
};

/** The first instant of a month and of the next one, as wall-clock strings (the columns' own form). */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return { from: `${year}-${pad(month)}-01 00:00:00`, to: `${next.y}-${pad(next.m)}-01 00:00:00` };
}

/** A calendar year, or every year when null. */
function yearFilter(year: number | null): SQL | undefined {
  if (year === null) return undefined;
  return and(gte(calendarEvents.startDate, `${year}-01-01 00:00:00`), lt(calendarEvents.startDate, `${year + 1}-01-01 00:00:00`));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The planning rows that a triad sees: its own, its crew's, and those of the whole course (no crew, no triad). */
export function planningOfTriad(triad: { id: number; crewId: number | null; trainingCourseId: number }): SQL {
  const shared = [and(isNull(calendarEvents.crewId), isNull(calendarEvents.triadId))];
  if (triad.crewId !== null) shared.push(and(eq(calendarEvents.crewId, triad.crewId), isNull(calendarEvents.triadId)));
  return and(
    eq(calendarEvents.trainingCourseId, triad.trainingCourseId),
    inArray(calendarEvents.type, [EVENT_TYPE.company, EVENT_TYPE.course]),
    or(eq(calendarEvents.triadId, triad.id), ...shared),
  )!;
}

const justifiedHours = sql<string>`coalesce(sum(${calendarEvents.hours}) filter (where ${calendarEvents.justified}), 0)`;
const unjustifiedHours = sql<string>`coalesce(sum(${calendarEvents.hours}) filter (where not ${calendarEvents.justified}), 0)`;

/** Hours planned, attended and absent (justified, unjustified) of one triad in one month (attestations). */
export async function monthlyAttendance(db: DbOrTx, params: { triadId: number; year: number; month: number }): Promise<MonthlyAttendance> {
  const [triad] = await db
    .select({ id: triads.id, crewId: triads.crewId, trainingCourseId: triads.trainingCourseId })
    .from(triads)
    .where(eq(triads.id, params.triadId));
  if (!triad) return { plannedHours: 0, attendedHours: 0, absentJustifiedHours: 0, absentUnjustifiedHours: 0 };
  const { from, to } = monthBounds(params.year, params.month);
  const inMonth = and(gte(calendarEvents.startDate, from), lt(calendarEvents.startDate, to));
  const [planned] = await db
    .select({ hours: sql<string>`coalesce(sum(${calendarEvents.hours}), 0)` })
    .from(calendarEvents)
    .where(and(planningOfTriad(triad), eq(calendarEvents.type, EVENT_TYPE.course), inMonth));
  const [absent] = await db
    .select({ justified: justifiedHours, unjustified: unjustifiedHours })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.triadId, triad.id), eq(calendarEvents.type, EVENT_TYPE.absence), inMonth));
  const plannedHours = round2(Number(planned?.hours ?? 0));
  const absentJustifiedHours = round2(Number(absent?.justified ?? 0));
  const absentUnjustifiedHours = round2(Number(absent?.unjustified ?? 0));
  return {
    plannedHours,
    attendedHours: round2(Math.max(0, plannedHours - absentJustifiedHours - absentUnjustifiedHours)),
    absentJustifiedHours,
    absentUnjustifiedHours,
  };
}

/** Admin export 2: absence totals per diploma (training) of a platform, for a calendar year or every year. */
export async function absenceTotalsByTraining(
  db: DbOrTx,
  params: { platformId: number; year: number | null },
): Promise<AbsenceTotalsRow[]> {
  const rows = await db
    .select({
      trainingId: trainings.id,
      trainingTitle: trainings.title,
      apprentices: sql<number>`count(distinct ${calendarEvents.triadId})::int`,
      absences: sql<number>`count(${calendarEvents.id})::int`,
      hours: sql<string>`coalesce(sum(${calendarEvents.hours}), 0)`,
      justifiedHours,
      unjustifiedHours,
    })
    .from(calendarEvents)
    .innerJoin(trainingCourses, eq(trainingCourses.id, calendarEvents.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainings.platformId, params.platformId), eq(calendarEvents.type, EVENT_TYPE.absence), yearFilter(params.year)))
    .groupBy(trainings.id, trainings.title)
    .orderBy(asc(trainings.title));
  return rows.map((row) => ({
    ...row,
    hours: round2(Number(row.hours)),
    justifiedHours: round2(Number(row.justifiedHours)),
    unjustifiedHours: round2(Number(row.unjustifiedHours)),
  }));
}

/**
 * Admin export 3 and the manager's absence export: per apprentice (triad), the number of absences and their hours,
 * justified and not, for a calendar year or every year; of a whole platform or of one course. Triads without an
 * absence are listed with zeros.
 */
export async function absencesByApprentice(
  db: DbOrTx,
  params: ({ platformId: number } | { trainingCourseId: number }) & { year: number | null },
): Promise<ApprenticeAbsencesRow[]> {
  const scope =
    'trainingCourseId' in params ? eq(trainingCourses.id, params.trainingCourseId) : eq(trainings.platformId, params.platformId);
  const rows = await db
    .select({
      triadId: triads.id,
      apprenticeFirstName: users.firstName,
      apprenticeLastName: users.lastName,
      trainingCourseId: trainingCourses.id,
      trainingCourse: trainingCourses.displayName,
      crew: crews.name,
      absences: sql<number>`count(${calendarEvents.id})::int`,
      hours: sql<string>`coalesce(sum(${calendarEvents.hours}), 0)`,
      justifiedHours,
      unjustifiedHours,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .leftJoin(
      calendarEvents,
      and(eq(calendarEvents.triadId, triads.id), eq(calendarEvents.type, EVENT_TYPE.absence), yearFilter(params.year)),
    )
    .where(scope)
    .groupBy(triads.id, users.firstName, users.lastName, trainingCourses.id, trainingCourses.displayName, crews.name)
    .orderBy(asc(trainingCourses.displayName), asc(users.lastName), asc(users.firstName), asc(triads.id));
  return rows.map((row) => ({
    ...row,
    hours: round2(Number(row.hours)),
    justifiedHours: round2(Number(row.justifiedHours)),
    unjustifiedHours: round2(Number(row.unjustifiedHours)),
  }));
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type PeriodAbsences = { count: number; hours: number; unjustifiedHours: number };

/**
 * The absences of a course's triads that start in a period of days (inclusive, the organisation's wall clock): per
 * triad, how many and their hours, all and unjustified. The Qualiopi report's figures (decision 039).
 */
export async function absencesInPeriod(
  db: DbOrTx,
  params: { trainingCourseId: number; from: string; to: string },
): Promise<Map<number, PeriodAbsences>> {
  const rows = await db
    .select({
      triadId: calendarEvents.triadId,
      count: sql<number>`count(*)::int`,
      hours: sql<string>`coalesce(sum(${calendarEvents.hours}), 0)`,
      unjustifiedHours,
    })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.trainingCourseId, params.trainingCourseId),
        eq(calendarEvents.type, EVENT_TYPE.absence),
        gte(calendarEvents.startDate, `${params.from} 00:00:00`),
        lt(calendarEvents.startDate, `${nextDay(params.to)} 00:00:00`),
      ),
    )
    .groupBy(calendarEvents.triadId);
  return new Map(
    rows.flatMap((row) =>
      row.triadId === null
        ? []
        : [
            [
              row.triadId,
              { count: Number(row.count), hours: round2(Number(row.hours)), unjustifiedHours: round2(Number(row.unjustifiedHours)) },
            ],
          ],
    ),
  );
}
