import { describe, expect, it } from 'vitest';
import { GenericColumn } from '@lea/shared';
import { formatCell } from './list-table';

const column = (format: GenericColumn['format']) => GenericColumn.parse({ key: 'k', label: 'K', format });
const yesNo: [string, string] = ['Oui', 'Non'];

describe('formatCell', () => {
  it('writes dates day first in both languages, long dates in words', () => {
    expect(formatCell('2025-09-01', column('date'), 'fr', yesNo)).toBe('01/09/2025');
    expect(formatCell('2025-09-01', column('date'), 'en', yesNo)).toBe('01/09/2025');
    expect(formatCell('2025-09-01T10:00:00Z', column('longDate'), 'fr', yesNo)).toBe('1 septembre 2025');
    expect(formatCell('not a date', column('date'), 'fr', yesNo)).toBe('not a date');
  });

  it('words booleans and people, and leaves empty cells empty', () => {
    expect(formatCell(true, column('boolean'), 'fr', yesNo)).toBe('Oui');
    expect(formatCell(0, column('boolean'), 'fr', yesNo)).toBe('Non');
    expect(formatCell({ fullName: 'Lucas Martin' }, column('person'), 'fr', yesNo)).toBe('Lucas Martin');
    expect(formatCell(null, column('text'), 'fr', yesNo)).toBe('');
    expect(formatCell(24, column('text'), 'fr', yesNo)).toBe('24');
  });
});
