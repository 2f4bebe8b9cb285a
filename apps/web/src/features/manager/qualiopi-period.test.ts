import { describe, expect, it } from 'vitest';
import { defaultPeriod, isValidPeriod, lastTwelveMonths } from './qualiopi-period';

describe('Qualiopi report period', () => {
  it('opens on the course’s years, else the last twelve months', () => {
    expect(defaultPeriod('2026-11-25', { startYear: 2025, endYear: 2027 })).toEqual({ from: '2025-09-01', to: '2027-08-31' });
    expect(defaultPeriod('2026-11-25', { startYear: null, endYear: 2027 })).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    expect(defaultPeriod('2026-11-25', undefined)).toEqual(lastTwelveMonths('2026-11-25'));
    // A four-year course is longer than a report may be.
    expect(defaultPeriod('2026-11-25', { startYear: 2024, endYear: 2028 })).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    expect(lastTwelveMonths('2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });

  it('takes only periods the server takes', () => {
    expect(isValidPeriod({ from: '2025-09-01', to: '2026-08-31' })).toBe(true);
    expect(isValidPeriod({ from: '2026-09-01', to: '2026-08-31' })).toBe(false);
    expect(isValidPeriod({ from: '2024-01-01', to: '2027-01-01' })).toBe(false);
    expect(isValidPeriod({ from: null, to: '2026-08-31' })).toBe(false);
  });
});
