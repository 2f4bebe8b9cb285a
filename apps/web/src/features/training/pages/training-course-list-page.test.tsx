import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { QuestionnaireTodoItem, TrainingCourseSummary, TriadCard } from '@lea/shared';
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

const todoItem = (
  triadId: number,
  questionnaireId: number,
  title: string,
  dueDate: string | null,
  action: 'sign' | 'complete' = 'sign',
): QuestionnaireTodoItem => ({
  triad: { id: triadId, trainingCourseId: 1, apprenticeName: `Apprenti ${triadId}` },
  questionnaire: { id: questionnaireId, title },
  action,
  dueDate,
});

const INDICATORS = { triads: 3, users: 9, apprentices: 3, tutors: 2, masters: 3, expectedSignatures: 12, signedReplies: 4, fillRate: 33 };

/** The server as the page sees it: courses per archive state, triads per course, the user's to-do. */
function serve(courses: Record<1 | 2, TrainingCourseSummary[]>, triads: Record<number, TriadCard[]>, todo: QuestionnaireTodoItem[] = []) {
  return vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown;
    if (url.pathname.endsWith('/app/training-course/indicators')) {
      body = INDICATORS;
    } else if (url.pathname.endsWith('/app/questionnaire/todo')) {
      body = { items: todo };
    } else if (url.pathname.endsWith('/app/training/list')) {
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
      { path: '/dashboard/questionnaire/:triadId/:questionnaireId', element: <p>questionnaire page</p> },
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

  it('starts loading a triad when the pointer rests on its card, before the click', async () => {
    const fetchMock = serve({ 1: [course(1), course(2)], 2: [] }, { 2: [triad(5), triad(6)] });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(await screen.findByText('BTS SIO 2'));
    fireEvent.mouseEnter(await screen.findByRole('button', { name: /Léa Martin6/ }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContainEqual(expect.stringMatching(/\/app\/triad\/6$/)),
    );
  });

  it('skips to the dashboard when the only course holds only one triad', async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(3)], 2: [] }, { 3: [triad(8)] }));
    renderPage();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect([getCurrentTriadId(), getCurrentTrainingCourseId()]).toEqual([8, 3]);
  });

  it("gives managers their courses' dashboards and the live indicators of their courses, and no placeholder", async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(1), course(2, true), course(3, true)], 2: [] }, {}));
    renderPage();
    expect((await screen.findByTestId('indicators-fill-rate')).textContent).toBe('33 %');
    expect(screen.getByTestId('indicators-users').textContent).toBe('9');
    expect(screen.getByTestId('course-indicators').textContent).toContain('4 signatures sur 12 attendues');
    expect(screen.queryByText("Données d'exemple")).toBeNull();
    // The shared documents of the manager area: its list and its add form.
    expect(screen.getByRole('heading', { name: 'Documents partagés' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les documents partagés' }).getAttribute('href')).toBe('/lea-manager/shared-document');
    expect(screen.getByRole('link', { name: 'Ajouter un document partagé' }).getAttribute('href')).toBe('/lea-manager/shared-document/add');
    expect(screen.queryByRole('heading', { name: 'Questionnaires à faire' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Tableau de bord des inscriptions' }).map((link) => link.getAttribute('href'))).toEqual([
      '/lea-manager/2/dashboard',
      '/lea-manager/3/dashboard',
    ]);
  });

  it('gives the others their questionnaires to do across triads, opening one in its triad', async () => {
    const todo = Array.from({ length: 7 }, (_, index) =>
      todoItem(20 + (index % 2), 30 + index, `Questionnaire ${index}`, `2026-0${index + 1}-15`),
    );
    vi.stubGlobal('fetch', serve({ 1: [course(1), course(2)], 2: [] }, {}, todo));
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: 'Questionnaires à faire' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Documents partagés' })).toBeNull();
    expect(await screen.findByText('15/01/2026 · Apprenti 20')).toBeTruthy();
    expect(screen.queryByText('Questionnaire 6')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Voir 1 autre questionnaire' }));
    expect(screen.getByText('Questionnaire 6')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Signer : Questionnaire 1' }));
    expect(await screen.findByText('questionnaire page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/questionnaire/21/31');
    expect([getCurrentTriadId(), getCurrentTrainingCourseId()]).toEqual([21, 1]);
  });

  it('tells the others when they are up to date', async () => {
    vi.stubGlobal('fetch', serve({ 1: [course(1), course(2)], 2: [] }, {}, []));
    renderPage();
    expect(await screen.findByText('Vous êtes à jour : aucun questionnaire à signer ni à compléter.')).toBeTruthy();
  });
});
