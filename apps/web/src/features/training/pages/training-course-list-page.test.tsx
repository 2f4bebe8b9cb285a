import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TrainingCourseSummary, TriadCard } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { getCurrentTrainingCourseId, getCurrentTriadId } from '../../../shell/current-triad';
import TrainingCourseListPage from './training-course-list-page';

const course = (id: number, isLeaManager = false): TrainingCourseSummary => ({
  id,
  displayName: `BTS SIO ${id}`,
  nbTriad: 3,
  isLeaManager,
  archive: false,
  startYear: 2025,
  endYear: 2027,
  menu: [],
});
const triad = (id: number): TriadCard => ({
  id,
  apprentice: { id: 100 + id, firstName: 'Léa', lastName: `Martin${id}`, fullName: `Léa Martin${id}`, email: 'a@example.com' },
  tutor: null,
  apprenticeMaster: null,
  crew: null,
  active: true,
});

/** The server as the page sees it: courses per archive state, triads per course. */
function serve(courses: Record<1 | 2, TrainingCourseSummary[]>, triads: Record<number, TriadCard[]>) {
  return vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown;
    if (url.pathname.endsWith('/app/training/list')) {
      const listed = courses[url.searchParams.get('archive') === '2' ? 2 : 1];
      body = { trainingCourses: listed, count: listed.length };
    } else {
      const listed = triads[Number(url.pathname.split('/').pop())] ?? [];
      body = { triads: listed, count: listed.length };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/training-course-list', element: <TrainingCourseListPage /> },
      { path: '/dashboard/home', element: <p>home page</p> },
    ],
    { initialEntries: ['/dashboard/training-course-list'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('TrainingCourseListPage', () => {
  it('says there is no active course, then no archived course', async () => {
    vi.stubGlobal('fetch', serve({ 1: [], 2: [] }, {}));
    renderPage();
    expect(await screen.findByText('Aucune formation active')).toBeTruthy();
    fireEvent.click(screen.getByText('Archivées'));
    expect(await screen.findByText('Aucune formation archivée')).toBeTruthy();
  });

  it('says a course has no triad once opened', async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(1), course(2)], 2: [] }, { 1: [] }));
    renderPage();
    fireEvent.click(await screen.findByText('BTS SIO 1'));
    expect(await screen.findByText('Aucun trinôme dans cette formation')).toBeTruthy();
  });

  it('shows managers the booklet count and the manager area link', async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(1, true), course(2)], 2: [] }, {}));
    renderPage();
    expect(await screen.findByText('3 livrets')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Paramètres de la formation' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/lea-manager/1']);
  });

  it('opens the clicked triad on the dashboard', async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(1), course(2)], 2: [] }, { 2: [triad(5), triad(6)] }));
    const router = renderPage();
    fireEvent.click(await screen.findByText('BTS SIO 2'));
    fireEvent.click(await screen.findByRole('button', { name: /Léa Martin6/ }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect([getCurrentTriadId(), getCurrentTrainingCourseId()]).toEqual([6, 2]);
  });

  it('skips to the dashboard when the only course holds only one triad', async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(3)], 2: [] }, { 3: [triad(8)] }));
    renderPage();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect([getCurrentTriadId(), getCurrentTrainingCourseId()]).toEqual([8, 3]);
  });
});
