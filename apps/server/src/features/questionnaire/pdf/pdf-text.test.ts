import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatInstant, formatNumber, pdfText, plainText } from './pdf-text.js';

describe('pdfText', () => {
  it('keeps French letters, œ, typographic quotes and the euro sign (all in WinAnsi)', () => {
    expect(pdfText('Élève, œuvre, l’été « déjà » – 12 € …')).toBe('Élève, œuvre, l’été « déjà » – 12 € …');
  });

  it('replaces the spaces and signs Helvetica cannot encode', () => {
    expect(pdfText('12\u202f345\u00a0€ \u2212 3 \u2192 ok')).toBe('12 345 € - 3 -> ok');
    expect(pdfText('Gy\u0151r, \u0219coal\u0103')).toBe('Gyor, scoala');
    expect(pdfText('fini \u{1F600} \u4E2D')).toBe('fini ? ?');
  });
});

describe('plainText', () => {
  it('turns rich text into paragraphs and bullets, decoding entities', () => {
    expect(
      plainText('<p>Premier&nbsp;paragraphe &amp; suite.</p><p>Second <strong>gras</strong>.</p><ul><li>un</li><li>deux</li></ul>'),
    ).toBe('Premier paragraphe & suite.\n\nSecond gras.\n\n• un\n• deux');
    expect(plainText('ligne<br>suivante &#233;t&#xe9;')).toBe('ligne\nsuivante été');
  });
});

describe('formatters', () => {
  it('formats dates dd/mm/yyyy, date-times with HH:mm, instants in Paris time and French decimals', () => {
    expect(formatDate('2025-09-08')).toBe('08/09/2025');
    expect(formatDateTime('2025-10-02 14:30')).toBe('02/10/2025 14:30');
    expect(formatDateTime('2025-10-02T14:30')).toBe('02/10/2025 14:30');
    expect(formatInstant('2026-07-01T08:05:00.000Z')).toBe('01/07/2026 10:05');
    expect(formatNumber(35.5, 'fr')).toBe('35,5');
    expect(formatNumber(35.5, 'en')).toBe('35.5');
  });
});
