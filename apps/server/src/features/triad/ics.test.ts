import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './ics.js';

describe('iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and new lines', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes one all-day event per date, DTEND the day after, CRLF lines', () => {
    const ics = buildCalendar({
      name: 'Dates clés',
      stamp: new Date('2026-02-03T04:05:06.789Z'),
      events: [
        { uid: 'a@lea', date: '2026-12-31', summary: 'Fin, enfin', description: 'Motif : départ' },
        { uid: 'b@lea', date: '2027-02-28', summary: 'Ouverture' },
      ],
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(ics).toContain('X-WR-CALNAME:Dates clés\r\n');
    expect(ics).toContain(
      'UID:a@lea\r\nDTSTAMP:20260203T040506Z\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\nSUMMARY:Fin\\, enfin\r\nDESCRIPTION:Motif : départ\r\n',
    );
    expect(ics).toContain('DTSTART;VALUE=DATE:20270228\r\nDTEND;VALUE=DATE:20270301\r\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
