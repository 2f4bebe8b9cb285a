/**
 * What every iCalendar (RFC 5545) writer of the server shares: TEXT escaping, line folding at 75 octets without
 * splitting a UTF-8 character, UTC stamps, and the Europe/Paris time zone of wall-clock events.
 */

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line into chunks of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const chunks: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const limit = chunks.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      chunks.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

/** `20260914T063000Z`. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A wall-clock time `YYYY-MM-DD HH:mm[:ss]` as a local DATE-TIME `20260914T083000`. */
export const localStamp = (value: string) => `${value.slice(0, 10).replace(/-/g, '')}T${value.slice(11, 13)}${value.slice(14, 16)}00`;

/** The organisation's time zone (its wall-clock events name it), with the European summer-time rules since 1996. */
export const PARIS_TIMEZONE = 'Europe/Paris';
export const PARIS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${PARIS_TIMEZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The calendar's lines joined as the format wants them: folded, CRLF, a final CRLF. */
export const joinLines = (lines: string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;
