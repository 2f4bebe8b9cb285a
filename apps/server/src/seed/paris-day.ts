const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar day of Europe/Paris `offsetDays` after `today`, as YYYY-MM-DD: the demo's dates are the
 * training organisation's days (the server's windows and reports read them so), also between 23:00 and
 * midnight UTC, when Paris has already turned to the next day.
 */
export function parisDayAfter(today: Date, offsetDays: number): string {
  const [year, month, day] = PARIS_DAY.format(today).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}
