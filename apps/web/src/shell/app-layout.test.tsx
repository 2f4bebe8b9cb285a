import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ModuleMenuEntry, User } from '@lea/shared';
import { renderWithProviders } from '../test/render';
import SignedInLayout, { showsCourseSearch } from './app-layout';
import { selectTriad } from './current-triad';
import { saveTokens } from './session';

const user: User = {
  id: 1,
  firstName: 'Lucas',
  lastName: 'Martin',
  fullName: 'Lucas Martin',
  username: 'apprenti',
  email: 'lucas@example.com',
  photo: null,
  roles: ['ROLE_LEA_USER'],
  type: 'apprentice',
  userNewMessage: 2,
  personalAddress: { address: null, complement: null, postCode: null, city: null, phone: null, mobile: null },
  parentFirstName: null,
  parentLastName: null,
};

const entry = (code: string, title: string): ModuleMenuEntry => ({ code, title, icon: 'IconPuzzle' });
/** The demo course's menu: documents and the notepad have screens; the others do not yet. */
const MENU = [
  entry('MODULE_LEA_DOCUMENT', 'Documents'),
  entry('MODULE_LEA_SKILL', 'Compétences'),
  entry('MODULE_LEA_QUESTIONNAIRE', 'Questionnaires'),
  entry('MODULE_LEA_ABSENCE', 'Absences et planning'),
  entry('MODULE_LEA_MESSAGE', 'Messagerie'),
  entry('MODULE_LEA_COURSE', 'Cours'),
  entry('MODULE_LEA_NOTEPAD', 'Bloc-notes'),
  entry('MODULE_LEA_WEBLINKS', 'Liens utiles'),
];

const triad = {
  id: 12,
  apprentice: null,
  tutor: null,
  tutor2: null,
  apprenticeMaster: null,
  apprenticeMaster2: null,
  companyManager: null,
  triadUsers: [],
  userRoles: [1],
  contracts: [],
  activeContract: null,
  active: true,
  profileLabels: {},
  leaManagerColumn: false,
  trainingCourse: {
    id: 4,
    displayName: 'BTS SIO 2025-2027',
    isLeaManager: false,
    archive: false,
    startYear: 2025,
    endYear: 2027,
    menu: MENU,
    infoBlocks: { presentation: null, contact: null, partner: null, communication: null },
    displayDocument: false,
    blocNameDocument: null,
  },
  training: { id: 2, title: 'BTS SIO', institution: { id: 1, name: 'CFA', principalColor: null, secondaryColor: null, logo: null } },
  crew: null,
  timelines: [],
  generalDocuments: [],
  pedagogicDocuments: [],
  documentCategories: [],
};

/** The shell's calls: the user, their triad, their number of active courses. */
function serve(courseCount: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      let body: unknown = { code: 404, message: 'Not found' };
      let status = 404;
      const answer = (value: unknown) => {
        body = value;
        status = 200;
      };
      if (url.pathname.endsWith('/app/user/me')) answer(user);
      else if (url.pathname.endsWith('/app/triad/12')) answer(triad);
      else if (url.pathname.endsWith('/app/training/list')) answer({ trainingCourses: [], count: courseCount });
      else if (url.pathname.endsWith('/app/triad/list/4')) answer({ triads: [], count: 0 });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderLayout(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ element: <SignedInLayout />, children: [{ path: '/dashboard/*', element: <p>page</p> }] }], {
    initialEntries: [path],
  });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  saveTokens({ token: 't', refreshToken: 'r' }, false);
  selectTriad(12, 4);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the signed-in layout', { timeout: 20_000 }, () => {
  it('offers only the modules that have screens, and the envelope of messaging', async () => {
    serve(2);
    renderLayout('/dashboard/home');
    const tabs = await screen.findByRole('navigation', { name: 'Onglets' });
    expect(await within(tabs).findByRole('link', { name: 'Documents' })).toBeTruthy();
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Accueil', 'Documents', 'Compétences', 'Absences', 'Cours', 'Bloc-notes', 'Liens']);
    // The course has a message module: the header's envelope opens it with the unread count.
    const envelope = screen.getByRole('link', { name: 'Messagerie : 2 nouveaux messages' });
    expect(envelope.getAttribute('href')).toBe('/dashboard/message');
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('shows the course search to someone with several courses', async () => {
    serve(2);
    renderLayout('/dashboard/home');
    expect(await screen.findByRole('searchbox', { name: 'Rechercher une formation' })).toBeTruthy();
  });

  it('hides it from a one-course user', async () => {
    serve(1);
    renderLayout('/dashboard/home');
    await screen.findByRole('navigation', { name: 'Onglets' });
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes('/app/training/list'))).toBe(true));
    expect(screen.queryByRole('searchbox', { name: 'Rechercher une formation' })).toBeNull();
  });
});

describe('showsCourseSearch', () => {
  it('keeps the search for several courses, away from questionnaire pages', () => {
    expect(showsCourseSearch('/dashboard/home', 2)).toBe(true);
    expect(showsCourseSearch('/dashboard/home', 1)).toBe(false);
    expect(showsCourseSearch('/dashboard/questionnaires', 3)).toBe(false);
    expect(showsCourseSearch('/dashboard/questionnaire/12/7', 3)).toBe(false);
  });
});
