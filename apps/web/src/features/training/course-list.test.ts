import { describe, expect, it } from 'vitest';
import type { TriadCard } from '@lea/shared';
import { autoSkipTarget, effectiveSearch, emptyListKey, filterTriads } from './course-list';

const person = (id: number, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${id}@example.com`,
});
const triad = (id: number, apprentice: ReturnType<typeof person> | null): TriadCard => ({
  id,
  apprentice,
  tutor: null,
  apprenticeMaster: null,
  crew: null,
  active: true,
});

describe('autoSkipTarget', () => {
  const one = { count: 1, trainingCourses: [{ id: 4 }] };
  const oneTriad = { count: 1, triads: [{ id: 9 }] };

  it('selects the only triad of the only course', () => {
    expect(autoSkipTarget({ archive: 1, search: '', courses: one, triads: oneTriad })).toEqual({ triadId: 9, courseId: 4 });
  });

  it('stays on the list with several courses or several triads', () => {
    expect(
      autoSkipTarget({ archive: 1, search: '', courses: { count: 2, trainingCourses: [{ id: 4 }, { id: 5 }] }, triads: oneTriad }),
    ).toBeNull();
    expect(autoSkipTarget({ archive: 1, search: '', courses: one, triads: { count: 2, triads: [{ id: 9 }, { id: 10 }] } })).toBeNull();
    expect(autoSkipTarget({ archive: 1, search: '', courses: one, triads: { count: 0, triads: [] } })).toBeNull();
    expect(autoSkipTarget({ archive: 1, search: '', courses: { count: 0, trainingCourses: [] }, triads: undefined })).toBeNull();
  });

  it('never skips while the data loads, on archives or on a search', () => {
    expect(autoSkipTarget({ archive: 1, search: '', courses: one, triads: undefined })).toBeNull();
    expect(autoSkipTarget({ archive: 2, search: '', courses: one, triads: oneTriad })).toBeNull();
    expect(autoSkipTarget({ archive: 1, search: 'bts', courses: one, triads: oneTriad })).toBeNull();
  });
});

describe('course list helpers', () => {
  it('searches from 2 characters on', () => {
    expect(effectiveSearch(' b ')).toBe('');
    expect(effectiveSearch(' bt ')).toBe('bt');
  });

  it('names the empty state of each case', () => {
    expect(emptyListKey(1, '')).toBe('dashboard:no_training_course_actived');
    expect(emptyListKey(2, '')).toBe('dashboard:no_training_course_archived');
    expect(emptyListKey(1, 'bts')).toBe('training:noSearchResult');
  });

  it('filters triads on the apprentice first or last name, ignoring case and accents', () => {
    const triads = [triad(1, person(1, 'Élodie', 'Bernard')), triad(2, person(2, 'Hugo', 'Lefèvre')), triad(3, null)];
    expect(filterTriads(triads, 'elo').map((t) => t.id)).toEqual([1]);
    expect(filterTriads(triads, 'LEFEV').map((t) => t.id)).toEqual([2]);
    expect(filterTriads(triads, '  ').map((t) => t.id)).toEqual([1, 2, 3]);
    expect(filterTriads(triads, 'zzz')).toEqual([]);
  });
});
