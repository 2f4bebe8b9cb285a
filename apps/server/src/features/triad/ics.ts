import { escapeText, joinLines, utcStamp } from '../../services/ical.js';

export { escapeText, foldLine } from '../../services/ical.js';

/** A minimal iCalendar (RFC 5545) writer for all-day events (escaping and folding in services/ical.ts). */
export type AllDayEvent = {
  /** Stable across exports, so that a calendar importing the file again updates instead of duplicating. */
  uid: string;
  /** YYYY-MM-DD. */
  date: string;
  summary: string;
  description?: string | null;
};

export type CalendarInput = { name: string; events: AllDayEvent[]; stamp: Date };

const compactDate = (isoDay: string) => isoDay.replace(/-/g, '');

/** The day after an ISO day: DTEND of an all-day event is exclusive. */
function nextDay(isoDay: string): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export function buildCalendar({ name, events, stamp }: CalendarInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//lea//key dates//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(stamp)}`,
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return joinLines(lines);
}
