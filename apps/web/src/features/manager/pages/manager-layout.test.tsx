import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLE_ADMIN, ROLE_USER, type TrainingCourseSummary, type User } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { saveTokens } from '../../../shell/session';
import ManagerHomePage from './manager-home-page';
import ManagerLayout from './manager-layout';

const me = (roles: string[]): User => ({
  id: 5,
  firstName: 'Sophie',
  lastName: 'Laurent',
  fullName: 'Sophie Laurent',
  username: 'manager',
  email: 'sophie@example.com',
  photo: null,
  roles,
  type: 'lea_manager',
  userNewMessage: 0,
  personalAddress: { address: null, complement: null, postCode: null, city: null, phone: null, mobile: null },
  parentFirstName: null,
  parentLastName: null,
});
const course = (isLeaManager: boolean, archive: boolean): TrainingCourseSummary => ({
  id: 1,
  displayName: 'BTS SIO 2023-2025',
  nbTriad: 7,
  isLeaManager,
  archive,
  startYear: 2023,
  endYear: 2025,
  menu: [],
});

const MENU = {
  trainingCourse: { id: 1, displayName: 'BTS SIO 2023-2025', archive: true },
  entries: [
    { code: 'home', title: 'Accueil', icon: 'fa-home', path: 'config' },
    { code: 'LEA_MANAGER_TRIAD', title: 'Triades', icon: 'IconUsersGroup', path: 'triad' },
    { code: 'LEA_MANAGER_SKILLS', title: 'Compétences', icon: 'IconAward', path: 'skill' },
  ],
};
const HOME = {
  trainingCourse: { id: 1, displayName: 'BTS SIO 2023-2025', startYear: 2023, endYear: 2025 },
  counts: { crews: 2, triads: 7, activeTriads: 6, users: 21 },
};
const INDICATORS = {
  triads: 6,
  users: 1248,
  apprentices: 6,
  tutors: 4,
  masters: 5,
  expectedSignatures: 40,
  signedReplies: 30,
  fillRate: 75,
};

/** The signed-in user, the course listed only among the archived ones, and the area's calls (or a status for them). */
function serve(user: User, listed: TrainingCourseSummary | null, areaStatus = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      let body: unknown = { code: 404, message: 'Not found' };
      let status = 200;
      if (url.pathname.endsWith('/app/user/me')) body = user;
      else if (url.pathname.endsWith('/app/training-course/indicators/1')) body = INDICATORS;
      else if (url.pathname.endsWith('/app/training/list')) {
        const courses = url.searchParams.get('archive') === '2' && listed ? [listed] : [];
        body = { trainingCourses: courses, count: courses.length };
      } else if (url.pathname.includes('/app/lea-manager/')) {
        status = areaStatus;
        if (areaStatus !== 200) body = { code: areaStatus, message: 'Refused' };
        else if (url.pathname.endsWith('/app/lea-manager/menu/1')) body = MENU;
        else if (url.pathname.endsWith('/app/lea-manager/1/config')) body = HOME;
      }
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderArea() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/home', element: <p>home page</p> },
      { path: '/lea-manager/:trainingCourseId', element: <ManagerLayout />, children: [{ index: true, element: <ManagerHomePage /> }] },
    ],
    { initialEntries: ['/lea-manager/1'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => saveTokens({ token: 't', refreshToken: 'r' }, false));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('ManagerLayout', { timeout: 20_000 }, () => {
  it('opens to a manager of the course, found among the archived courses, with the server menu and the indicators', async () => {
    serve(me([ROLE_USER]), course(true, true));
    renderArea();
    expect(await screen.findByRole('heading', { name: 'BTS SIO 2023-2025' })).toBeTruthy();
    expect((await screen.findByTestId('manager-count-triads')).textContent).toBe('7');
    expect(screen.getByTestId('manager-count-users').textContent).toBe('21');
    // The course's live figures (GET /app/training-course/indicators/1), not samples.
    expect((await screen.findByTestId('indicators-fill-rate')).textContent).toBe('75 %');
    expect(screen.getByTestId('indicators-users').textContent).toBe((1248).toLocaleString('fr'));
    expect(screen.getByTestId('course-indicators').textContent).toContain('30 signatures sur 40 attendues');
    const link = (await screen.findAllByRole('link', { name: 'Compétences' }))[0];
    expect(link?.getAttribute('href')).toBe('/lea-manager/1/skill');
    expect(screen.getAllByRole('link', { name: 'Trinômes' })[0]?.getAttribute('href')).toBe('/lea-manager/1/triad');
    expect(screen.getAllByRole('link', { name: 'Accueil' })[0]?.getAttribute('href')).toBe('/lea-manager/1');
  });

  it('replaces the content with the error view when the area answers 403', async () => {
    serve(me([ROLE_USER]), course(true, false), 403);
    renderArea();
    const view = await screen.findByTestId('manager-error-view');
    expect(view.textContent).toContain('Accès interdit');
    expect(screen.queryByRole('heading', { name: 'BTS SIO 2023-2025' })).toBeNull();
  });

  it('refuses a user who does not manage the course, with the forbidden notification', async () => {
    serve(me([ROLE_USER]), course(false, true));
    const router = renderArea();
    expect(await screen.findByText('Accès non autorisé')).toBeTruthy();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });

  it('opens to an administrator for a course missing from their list', async () => {
    serve(me([ROLE_USER, ROLE_ADMIN]), null);
    renderArea();
    expect(await screen.findByRole('heading', { name: 'BTS SIO 2023-2025' })).toBeTruthy();
    expect((await screen.findByTestId('manager-count-triads')).textContent).toBe('7');
  });
});
