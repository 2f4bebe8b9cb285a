import { beforeEach, describe, expect, it } from 'vitest';
import { clearFilter, filterFromForm, isFiltered, readFilter, writeFilter } from './filter-storage';

beforeEach(() => sessionStorage.clear());

describe('dashboard filter in session storage (spec 3 §4, §9)', () => {
  it('keeps the filter under questionnaire-dashboard and clears it on reset', () => {
    writeFilter('questionnaire-dashboard', { crews: [2], year: 1, active: '1' });
    expect(JSON.parse(sessionStorage.getItem('questionnaire-dashboard') ?? '{}')).toEqual({ crews: [2], year: 1, active: '1' });
    expect(readFilter('questionnaire-dashboard')).toEqual({ crews: [2], year: 1, active: '1' });
    clearFilter('questionnaire-dashboard');
    expect(sessionStorage.getItem('questionnaire-dashboard')).toBeNull();
    expect(readFilter('questionnaire-dashboard')).toEqual({});
  });

  it('stores nothing for an empty filter and reads a damaged one as none', () => {
    writeFilter('questionnaire-dashboard', { crews: [], search: '' });
    expect(sessionStorage.getItem('questionnaire-dashboard')).toBeNull();
    sessionStorage.setItem('questionnaire-dashboard', '{"year": "x"}');
    expect(readFilter('questionnaire-dashboard')).toEqual({});
    expect(isFiltered({ crews: [] })).toBe(false);
    expect(isFiltered({ active: '0' })).toBe(true);
  });

  it("reads the filter form's payload: choices as strings, '' for all", () => {
    expect(filterFromForm({ crews: ['1', '3'], categories: [], questionnaires: [], year: '2', active: '', search: 'mar' })).toEqual({
      crews: [1, 3],
      year: 2,
      search: 'mar',
    });
    expect(filterFromForm({ year: '99' })).toBeNull();
  });
});
