import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { notifications } from '@mantine/notifications';
import { DASHBOARD_CELL_CODES, type CompactDashboardResponse, type FormModel } from '@lea/shared';
import { isFullScreen, setFullScreen } from '../../../shell/full-screen';
import { renderWithProviders } from '../../../test/render';
import SignatureDashboardPage from './signature-dashboard-page';

const person = (id: number, firstName: string, lastName: string) => ({ id, firstName, lastName, fullName: `${firstName} ${lastName}` });

/** The compact variant the page reads (decision 035): one page holding the only triad. */
const dashboard: CompactDashboardResponse = {
  categories: [{ id: 1, title: 'Intégration', questionnaires: [{ id: 9, title: 'Bilan', year: 1, signedBy: [1, 2] }] }],
  legend: { ...DASHBOARD_CELL_CODES },
  trainingCourse: {
    id: 1,
    displayName: 'BTS',
    leaManagerColumn: true,
    crews: [{ id: 2, title: 'Groupe A', count: 1, endDates: [null, null, null, null] }],
  },
  triads: [
    {
      id: 4,
      crewId: 2,
      active: true,
      apprentice: person(7, 'Lucas', 'Martin'),
      tutor: person(8, 'Julien', 'Bernard'),
      apprenticeMaster: null,
      cells: 'ch--',
      signedAt: [Date.parse('2026-03-02T10:00:00.000Z')],
    },
  ],
  page: 0,
  length: 100,
  total: 1,
};

const filterForm: FormModel = {
  tabs: [
    {
      code: 'filter',
      label: 'Filtre',
      fields: [
        {
          id: 'filter_search',
          name: 'search',
          label: 'Apprenti',
          value: '',
          required: false,
          disabled: false,
          hide: false,
          attributes: {},
          kind: 'text',
        },
      ],
    },
  ],
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderDashboard(answer: () => Promise<Response>) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const path = `${url.pathname.replace(/^\/api\/(fr|en)/, '')}${url.search}`;
      paths.push(path);
      if (url.pathname.endsWith('/filter-form')) return json(filterForm);
      return answer();
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/lea-manager/1/dashboard']}>
        <Routes>
          <Route path="/lea-manager/:trainingCourseId/dashboard" element={<SignatureDashboardPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return paths;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  setFullScreen(false);
});

describe('signature dashboard page', () => {
  it('keeps the loader while the answer lacks categories or crews', async () => {
    renderDashboard(() => new Promise<Response>(() => undefined));
    expect(await screen.findByTestId('dashboard-loader')).toBeTruthy();
  });

  it('shows one cell per triad and profile, filters through the server form kept in session storage, and removes the filters', async () => {
    const paths = renderDashboard(async () => json(dashboard));
    const grid = await screen.findByTestId('dashboard-grid');
    expect(within(grid).getByText('Lucas Martin')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: "Annuler la signature de l'apprenti" })).toBeTruthy();
    expect(grid.querySelector('[data-profile="2"] [data-icon="hourglass-start"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer les filtres' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    fireEvent.change(await screen.findByLabelText('Apprenti'), { target: { value: 'mar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(paths).toContain('/app/lea-manager/1/dashboard?search=mar&compact=1&page=0&length=100'));
    expect(JSON.parse(sessionStorage.getItem('questionnaire-dashboard') ?? '{}')).toEqual({ search: 'mar' });
    expect(paths).toContain('/app/lea-manager/1/dashboard/filter-form');

    fireEvent.click(await screen.findByRole('button', { name: 'Retirer les filtres' }));
    expect(sessionStorage.getItem('questionnaire-dashboard')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retirer les filtres' })).toBeNull());
  }, 60_000);

  it('starts from the filter kept in session storage and toggles full screen', async () => {
    sessionStorage.setItem('questionnaire-dashboard', JSON.stringify({ crews: [2], active: '1' }));
    const paths = renderDashboard(async () => json(dashboard));
    await screen.findByTestId('dashboard-grid');
    expect(paths).toContain('/app/lea-manager/1/dashboard?crews=2&active=1&compact=1&page=0&length=100');
    expect(screen.getByRole('region', { name: 'Actions' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Plein écran' }));
    expect(isFullScreen()).toBe(true);
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quitter le plein écran' }));
    expect(isFullScreen()).toBe(false);
  }, 60_000);
});
