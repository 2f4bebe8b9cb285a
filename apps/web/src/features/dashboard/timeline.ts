import type { TimelineEntry, TimelineKind } from '@lea/shared';
import { dateTimeFormat } from '../../shell/intl-formats';

/** Spec 2 §9: the timeline shows 4 entries and expands beyond. */
export const TIMELINE_FOLDED_COUNT = 4;

/** The i18n key of the sentence that words an entry of this kind ("{{who}} signed “{{what}}”"…). */
export function timelineSentenceKey(kind: TimelineKind): string {
  return `timeline.sentence.${kind}`;
}

/** The minute stamp as a date and a time in the reader's locale (and time zone). */
export function formatMinute(minute: string, locale: string): string {
  const date = new Date(minute);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The entries shown: the first 4, or all of them once expanded. */
export function shownEntries(entries: readonly TimelineEntry[], expanded: boolean): TimelineEntry[] {
  return expanded ? [...entries] : entries.slice(0, TIMELINE_FOLDED_COUNT);
}
