import { EVENT_TYPES, JUSTIFICATION_STATUS, type CalendarEvent } from '@lea/shared';
import type { EventKind, Period } from './api';

/** What the calendar screens compute from the events (spec 2 §2, §4): colours, filters, days, clipboard. */
export type LegendType = 0 | 1 | 3;

export const EVENT_COLORS: Record<string, string> = {
  course: '#1c7ed6',
  company: '#2f9e44',
  absence: '#e03131',
  justified: '#868e96',
  pending: '#e8590c',
};

export function eventColor(event: CalendarEvent): string {
  if (event.type === EVENT_TYPES.company) return EVENT_COLORS.company!;
  if (event.type === EVENT_TYPES.course) return EVENT_COLORS.course!;
  if (event.justified) return EVENT_COLORS.justified!;
  return event.justificationStatus === JUSTIFICATION_STATUS.sent ? EVENT_COLORS.pending! : EVENT_COLORS.absence!;
}

export const kindOf = (event: Pick<CalendarEvent, 'type'>): EventKind => (event.type === EVENT_TYPES.absence ? 'absence' : 'planning');

/** A legend badge filters by its type; clicking it again clears the filter (spec 2 §2). */
export function toggleFilter(current: LegendType | null, clicked: LegendType): LegendType | null {
  return current === clicked ? null : clicked;
}

export function filterEvents(events: readonly CalendarEvent[], filter: LegendType | null): CalendarEvent[] {
  return filter === null ? [...events] : events.filter((event) => event.type === filter);
}

/** The events of one day `YYYY-MM-DD` (an event over several days is on each of them), by start. */
export function eventsOfDay(events: readonly CalendarEvent[], day: string): CalendarEvent[] {
  return events
    .filter((event) => event.start_date.slice(0, 10) <= day && event.end_date.slice(0, 10) >= day)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as `YYYY-MM-DD`. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** A local date as `YYYY-MM-DD HH:mm`. */
export const dateTimeOf = (date: Date) => `${dayOf(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** The days a view shows (its end is exclusive), as the event list's period (both days included). */
export function periodOf(start: Date, endExclusive: Date): Period {
  const last = new Date(endExclusive.getTime() - 1);
  return { startDate: dayOf(start), endDate: dayOf(last) };
}

/** The wire's `YYYY-MM-DD HH:mm` as FullCalendar's local ISO time. */
export const isoOf = (value: string) => `${value.slice(0, 10)}T${value.slice(11, 16)}:00`;

/** The copied or cut event, until it is pasted (spec 2 §4: paste clears it). */
export type Clipboard = { event: CalendarEvent; action: 'copy' | 'cut' } | null;
