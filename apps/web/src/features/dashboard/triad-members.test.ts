import { describe, expect, it } from 'vitest';
import type { PersonSummary, Triad } from '@lea/shared';
import { secondaryUserKey, triadMembers } from './triad-members';

const person = (id: number): PersonSummary => ({
  id,
  firstName: `P${id}`,
  lastName: 'X',
  fullName: `P${id} X`,
  email: `${id}@example.com`,
});

const triad = {
  apprentice: person(1),
  tutor: person(2),
  tutor2: null,
  apprenticeMaster: person(3),
  apprenticeMaster2: person(4),
  companyManager: person(5),
} as Triad;

describe('triadMembers', () => {
  it('lists the present members in block order with their role, profile and avatar colour', () => {
    expect(triadMembers(triad).map(({ person: p, role, profile, avatar }) => [p.id, role, profile, avatar])).toEqual([
      [1, 'apprentice', 1, 'apprentice'],
      [2, 'tutor', 2, 'tutor'],
      [3, 'apprenticeMaster', 3, 'apprenticeMaster'],
      [4, 'apprenticeMaster', 3, 'apprenticeMaster'],
      [5, 'companyManager', null, 'user'],
    ]);
  });

  it('labels secondary users of the apprentice (1) and of the tutor (2)', () => {
    expect(secondaryUserKey(1)).toBe('secondary.ofApprentice');
    expect(secondaryUserKey(2)).toBe('secondary.ofTutor');
  });
});
