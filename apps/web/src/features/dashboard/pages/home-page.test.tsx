import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { getCurrentTriadId, selectTriad } from '../../../shell/current-triad';
import { MOBILE_QUERY } from '../../../shell/app-layout';
import { buildTriad, person } from '../test/triad-fixture';
import HomePage from './home-page';

const triad = buildTriad(
  { apprentice: person(1, 'Léa', 'Martin'), tutor: person(2, 'Paul', 'Durand'), apprenticeMaster: person(3, 'Nadia', 'Roux') },
  {
    infoBlocks: {
      presentation: { display: true, blockName: 'Présentation', content: '<p>Deux ans<script>alert(1)</script></p>' },
      contact: null,
      partner: { display: false, blockName: 'Partenaires', content: '<p>OPCO</p>' },
      communication: null,
    },
    displayDocument: true,
  },
);

function renderHome(respond: (url: URL) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => respond(new URL(String(input), 'http://localhost'))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/home', element: <HomePage /> },
      { path: '/dashboard/training-course-list', element: <p>course list</p> },
    ],
    { initialEntries: ['/dashboard/home'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** One questionnaire the apprentice has to complete: enough for the to-do block to show. */
const questionnaireList = {
  leaManagerColumn: false,
  years: [
    {
      year: 1,
      categories: [
        {
          id: null,
          title: 'Suivi',
          questionnaires: [
            {
              id: 7,
              title: 'Bilan de période',
              year: 1,
              category: null,
              signedBy: [1],
              completenessDate: null,
              userProfile: 1,
              userHasToComplete: true,
              userHasToSign: true,
              userHasSigned: false,
              userTodo: { action: 'complete', dueDate: '2026-06-30' },
              profileStatus: {
                '1': {
                  hasToSign: true,
                  hasToComplete: true,
                  hasSigned: false,
                  signedAt: null,
                  startDate: null,
                  endDate: '2026-06-30',
                  icon: 'hourglass-start',
                },
              },
            },
          ],
        },
      ],
    },
  ],
};

/** The triad, and the questionnaire list for its to-do block. */
const triadOrList = (url: URL) => (url.pathname.includes('/app/questionnaire/list/') ? json(200, questionnaireList) : json(200, triad));

/** Where two headings stand in the page: negative when `first` comes before `second`. */
const compareOrder = (first: HTMLElement, second: HTMLElement) =>
  first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

describe('HomePage', () => {
  it('shows the course heading and the members linking to their profiles', async () => {
    selectTriad(12, 4);
    renderHome(() => json(200, triad));
    expect(await screen.findByRole('heading', { name: 'BTS SIO 2025-2027' })).toBeTruthy();
    expect(screen.getByText('Membres du trinôme')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Léa Martin' }).getAttribute('href')).toBe('/profile/1');
    expect(screen.getByRole('link', { name: 'Nadia Roux' }).getAttribute('href')).toBe('/profile/3');
    expect(screen.getByText("Maître d'apprentissage")).toBeTruthy();
    expect(screen.getByText('1 utilisateur secondaire')).toBeTruthy();
  });

  it('opens a displayed information panel, sanitised, and hides the others', async () => {
    selectTriad(12, 4);
    renderHome(() => json(200, triad));
    fireEvent.click(await screen.findByRole('button', { name: 'Présentation' }));
    expect(await screen.findByText('Deux ans')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Partenaires' })).toBeNull();
  });

  it('forgets a triad the server refuses and goes to the course list', async () => {
    selectTriad(12, 4);
    const router = renderHome(() => json(403, { code: 403, message: 'Forbidden' }));
    expect(await screen.findByText('course list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/training-course-list');
    expect(getCurrentTriadId()).toBeNull();
  });

  it('says there is no active course when the user has none', async () => {
    renderHome(() => json(200, { trainingCourses: [], count: 0 }));
    expect(await screen.findByText('Aucune formation active')).toBeTruthy();
  });

  it('links to the course list when the user has courses but no triad chosen', async () => {
    renderHome(() => json(200, { trainingCourses: [], count: 3 }));
    const link = await screen.findByRole('link', { name: 'Voir la liste des formations' });
    expect(link.getAttribute('href')).toBe('/dashboard/training-course-list');
  });

  it('keeps the to-do block beside the questionnaires, after the members, on a wide screen', async () => {
    selectTriad(12, 4);
    renderHome(triadOrList);
    const wideTodo = await screen.findByRole('heading', { name: 'À faire' });
    expect(compareOrder(wideTodo, screen.getByText('Membres du trinôme'))).toBe(1);
    expect(screen.getByRole('link', { name: 'Compléter : Bilan de période' })).toBeTruthy();
  });

  it('shows the to-do block before the members, contract and documents on a phone', async () => {
    const { matchMedia } = window;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === MOBILE_QUERY });
    try {
      selectTriad(12, 4);
      renderHome(triadOrList);
      const todo = await screen.findByRole('heading', { name: 'À faire' });
      expect(compareOrder(todo, screen.getByText('Membres du trinôme'))).toBe(-1);
      expect(screen.getAllByRole('heading', { name: 'À faire' })).toHaveLength(1);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
