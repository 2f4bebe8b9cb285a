import { describe, expect, it } from 'vitest';
import { FormDate, FormOptionalDate } from './manager.js';

describe('FormDate: the dates of the back-office forms', () => {
  it('takes real calendar dates', () => {
    for (const value of ['2026-01-31', '2028-02-29', '2026-12-01']) expect(FormDate.safeParse(value).success).toBe(true);
  });

  it('refuses shapes that are not dates, so PostgreSQL never sees them (a 500 otherwise)', () => {
    for (const value of ['2026-13-45', '2026-02-30', '2027-02-29', '0000-01-01', '2026-00-10', '2026-1-1', ''])
      expect(FormDate.safeParse(value).success).toBe(false);
  });

  it('keeps a blank optional date as null', () => {
    expect(FormOptionalDate.parse('')).toBeNull();
    expect(FormOptionalDate.safeParse('2026-04-31').success).toBe(false);
  });
});
