import { addYears, QualiopiQuery } from '@lea/shared';

export type Period = { from: string; to: string };

/** The day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The last twelve months, `today` included. */
export function lastTwelveMonths(today: string): Period {
  return { from: dayAfter(addYears(today, -1)), to: today };
}

/**
 * The period the page opens on: the course's years (1 September of its first year to 31 August of
 * its last) when it has them and they make a valid period, else the last twelve months.
 */
export function defaultPeriod(today: string, course: { startYear: number | null; endYear: number | null } | undefined): Period {
  if (course?.startYear && course.endYear) {
    const years = { from: `${course.startYear}-09-01`, to: `${course.endYear}-08-31` };
    if (QualiopiQuery.safeParse(years).success) return years;
  }
  return lastTwelveMonths(today);
}

/** Whether the period is one the server takes (real days, in order, short enough): no call is made for another. */
export const isValidPeriod = (period: { from: string | null; to: string | null }): period is Period =>
  period.from !== null && period.to !== null && QualiopiQuery.safeParse(period).success;
