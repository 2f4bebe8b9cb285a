import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FieldKind } from '@lea/shared';

dayjs.extend(customParseFormat);

/** Wire formats (see form-model.ts): fixed-width, so they compare as strings. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const TIME_FORMAT = 'HH:mm';
/** Spec 1 §9: the picker shows day/month/year, 24-hour time, default hour 8. */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
export const DISPLAY_DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DEFAULT_TIME = '08:00';

export type DateKind = Extract<FieldKind, 'date' | 'datetime' | 'time'>;
export type DateReferenceKind = 'day' | 'hour' | 'datehour';

export function isDateKind(kind: FieldKind): kind is DateKind {
  return kind === 'date' || kind === 'datetime' || kind === 'time';
}

function parse(raw: string): dayjs.Dayjs | null {
  const display = dayjs(raw, [DISPLAY_DATETIME_FORMAT, DISPLAY_DATE_FORMAT], true);
  if (display.isValid()) return display;
  const iso = dayjs(raw);
  return iso.isValid() ? iso : null;
}

/** Brings whatever the server sent (ISO, with seconds, French display) to the wire format, or null. */
export function normalizeDateValue(kind: DateKind, raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const text = raw.trim();
  if (kind === 'time') {
    const time = /^(\d{1,2}):(\d{2})/.exec(text) ?? /[T ](\d{2}):(\d{2})/.exec(text);
    if (!time) return null;
    const [, hours = '', minutes = ''] = time;
    return `${hours.padStart(2, '0')}:${minutes}`;
  }
  const parsed = parse(text);
  if (!parsed) return null;
  return parsed.format(kind === 'date' ? DATE_FORMAT : DATETIME_FORMAT);
}

/** 'DD/MM/YYYY' typed in the date input, as the wire format. */
export function parseDisplayDate(input: string): string | null {
  const parsed = dayjs(input.trim(), DISPLAY_DATE_FORMAT, true);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : null;
}

function dayOf(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function timeOf(value: string): string | null {
  return /(\d{2}:\d{2})$/.exec(value)?.[1] ?? null;
}

/** The minimum a referenced value imposes on a field of this kind, in the field's wire format. */
export function referenceMinimum(kind: DateKind, reference: string | null, referenceKind: DateReferenceKind): string | null {
  if (!reference) return null;
  const day = dayOf(reference);
  if (kind === 'time') return timeOf(reference);
  if (!day) return null;
  if (kind === 'date') return day;
  return referenceKind === 'day' ? `${day} 00:00` : `${day} ${timeOf(reference) ?? '00:00'}`;
}

/**
 * The value raised to the minimum when lower (spec 1 §4.5). A date-time held to a day only
 * moves to that day and keeps its own time.
 */
export function raiseToMinimum(
  kind: DateKind,
  value: string | null,
  minimum: string | null,
  referenceKind: DateReferenceKind,
): string | null {
  if (!value || !minimum || value >= minimum) return value;
  if (kind === 'datetime' && referenceKind === 'day') return `${minimum.slice(0, 10)} ${timeOf(value) ?? DEFAULT_TIME}`;
  return minimum;
}

/** The later of two minimums in the same format. */
export function laterOf(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
