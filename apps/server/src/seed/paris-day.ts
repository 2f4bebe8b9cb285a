import { parisDate } from '../features/questionnaire/rules.js';

/**
 * The calendar day of Europe/Paris `offsetDays` after `today`, as YYYY-MM-DD: the demo's dates are the
 * training organisation's days (the server's windows and reports read them so), also between 23:00 and
 * midnight UTC, when Paris has already turned to the next day.
 */
export function parisDayAfter(today: Date, offsetDays: number): string {
  const [year, month, day] = parisDate(today).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}
