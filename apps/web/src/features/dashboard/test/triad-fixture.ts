import type { PersonSummary, Triad } from '@lea/shared';

export const person = (id: number, firstName: string, lastName: string): PersonSummary => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${id}@example.com`,
});

/** A triad as GET /app/triad/{id} answers it; tests override what they look at. */
export function buildTriad(overrides: Partial<Triad> = {}, course: Partial<Triad['trainingCourse']> = {}): Triad {
  return {
    id: 12,
    apprentice: person(1, 'Lucas', 'Martin'),
    tutor: person(2, 'Julien', 'Bernard'),
    tutor2: null,
    apprenticeMaster: person(3, 'Nathalie', 'Dubois'),
    apprenticeMaster2: null,
    companyManager: null,
    triadUsers: [{ id: 1, user: person(9, 'Catherine', 'Martin'), userType: 1, triadUserName: 'Catherine Martin' }],
    userRoles: [1],
    contracts: [],
    activeContract: null,
    active: true,
    profileLabels: { '1': 'A', '2': 'T', '3': 'M', '4': 'SM' },
    leaManagerColumn: false,
    trainingCourse: {
      id: 4,
      displayName: 'BTS SIO 2025-2027',
      isLeaManager: false,
      archive: false,
      startYear: 2025,
      endYear: 2027,
      menu: [],
      infoBlocks: { presentation: null, contact: null, partner: null, communication: null },
      displayDocument: false,
      blocNameDocument: null,
      ...course,
    },
    training: {
      id: 2,
      title: 'BTS SIO',
      institution: { id: 1, name: 'CFA Campus Demo', principalColor: null, secondaryColor: null, logo: null },
    },
    crew: null,
    timelines: [],
    generalDocuments: [],
    pedagogicDocuments: [],
    documentCategories: [],
    ...overrides,
  };
}
