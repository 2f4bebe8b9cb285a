import type { ManagerTriad, ManagerTriadListResponse, PersonSummary } from '@lea/shared';

export const person = (id: number, firstName: string, lastName: string): PersonSummary => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}@example.com`,
});

export const triad = (id: number, patch: Partial<ManagerTriad> = {}): ManagerTriad => ({
  id,
  active: true,
  isTest: false,
  apprentice: person(100 + id, 'Hugo', `Durand${id}`),
  tutor: person(200 + id, 'Julien', 'Bernard'),
  apprenticeMaster: person(300 + id, 'Claire', 'Petit'),
  manager: person(400 + id, 'Philippe', 'Garnier'),
  triadUsers: [],
  contractCount: 1,
  isAlreadyQuestionnaireSigned: false,
  ...patch,
});

/** Crew A with a signed triad, an inactive one with a secondary user and no master; crew B empty; triads without crew. */
export const TRIAD_LIST: ManagerTriadListResponse = {
  crews: [
    {
      id: 1,
      title: 'Promotion A',
      triads: [
        triad(1, { isAlreadyQuestionnaireSigned: true }),
        triad(2, { active: false, apprenticeMaster: null, triadUsers: [{ id: 7, userType: 1, user: person(700, 'Anne', 'Parent') }] }),
      ],
    },
    { id: 2, title: 'Promotion B', triads: [] },
    { id: null, title: 'Sans promotion', triads: [triad(3, { isTest: true, contractCount: 0 })] },
  ],
};
