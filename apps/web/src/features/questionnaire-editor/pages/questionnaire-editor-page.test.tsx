import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { notifications } from '@mantine/notifications';
import { QuestionnaireEditorBody, type QuestionnaireEditorModel, type QuestionnaireEditorOptions } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { blankSettings, readDraft, writeDraft } from '../editor/draft-storage';
import { blankState } from '../editor/editor-state';
import QuestionnaireEditorPage from './questionnaire-editor-page';

const options: QuestionnaireEditorOptions = {
  years: [1],
  categories: [{ id: 3, title: 'Évaluations' }],
  crews: [],
  triads: [],
  questionnaires: [],
  defaultInterviewDateLabel: 'Date de la visite en entreprise',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function savedModel(body: QuestionnaireEditorBody): QuestionnaireEditorModel {
  return {
    ...body,
    id: 42,
    category: { id: 3, title: 'Évaluations' },
    crews: [],
    triads: [],
    secondaryQuestionnaires: [],
    firstReminderSentAt: null,
    secondReminderSentAt: null,
    isAlreadySigned: false,
    trainingCourse: { id: 1 },
    questions: body.questions.map((question, index) => ({ ...question, id: 100 + index })),
  };
}

function renderEditor(path: string) {
  const posts: unknown[] = [];
  const postUrls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/questionnaire/form') || url.pathname.includes('/questionnaire/form/')) return json(options);
      if (init?.method === 'POST') {
        const body = QuestionnaireEditorBody.parse(JSON.parse(String(init.body)));
        posts.push(JSON.parse(String(init.body)));
        postUrls.push(`${url.pathname}${url.search}`);
        return json({ hasError: false, message: 'ok', responses: [{ object: savedModel(body) }] });
      }
      return json({ years: [] });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/lea-manager/:trainingCourseId/questionnaire/add', element: <QuestionnaireEditorPage /> },
      { path: '/lea-manager/:trainingCourseId/questionnaire/edit/:id', element: <QuestionnaireEditorPage /> },
      { path: '/lea-manager/:trainingCourseId/questionnaire/list', element: <p>La liste</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { posts, postUrls, router };
}

function withDates() {
  return {
    ...blankSettings('Bilan final', 3, 1),
    accessDates: { all: { startDate: '2026-01-05', endDate: '2026-06-30' }, 1: null, 2: null, 3: null, 4: null },
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

async function addQuestion() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Ajouter' })[0] as HTMLElement);
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Une question' }));
}

describe('questionnaire editor page', () => {
  it('opens the draft of the add modal, refuses a question without title and selects it, then saves and moves to the edit route', async () => {
    writeDraft(1, blankState(withDates()));
    const { posts, router } = renderEditor('/lea-manager/1/questionnaire/add');
    expect(await screen.findByRole('heading', { name: 'Bilan final' })).toBeTruthy();
    await addQuestion();
    // Unselect, so that the failed save has to select it again.
    fireEvent.click(within(screen.getByTestId('editor-block')).getByRole('button', { expanded: true }));
    expect(within(screen.getByTestId('editor-block')).queryByLabelText(/^Question/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Attention, il manque certains droits d'accès ou des titres aux questions !")).toBeTruthy();
    const block = screen.getByTestId('editor-block');
    expect(block.dataset.selected).toBe('true');
    expect(within(block).getByText('Titre manquant')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(within(block).getByLabelText(/^Question/), { target: { value: 'Votre avis ?' } });
    expect(within(block).queryByText('Titre manquant')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lea-manager/1/questionnaire/edit/42'));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      title: 'Bilan final',
      category: { id: 3 },
      signedBy: [4],
      deletedQuestions: [],
      questions: [{ title: 'Votre avis ?', access: [4], itemType: 'field' }],
    });
    expect(await screen.findByText('Le questionnaire a été enregistré.')).toBeTruthy();
    expect(readDraft(1, null)).toBeNull();
  }, 60_000);

  it('restores a draft generated from a skill session, shows the session and still links it on save (?skillSession=)', async () => {
    writeDraft(1, { ...blankState(withDates()), skillSession: { id: 7, name: 'Semestre 2' } });
    const { postUrls, router } = renderEditor('/lea-manager/1/questionnaire/add');
    await screen.findByRole('heading', { name: 'Bilan final' });
    expect(screen.getByTestId('editor-skill-session').textContent).toContain('Semestre 2');
    await addQuestion();
    fireEvent.change(within(screen.getByTestId('editor-block')).getByLabelText(/^Question/), { target: { value: 'Niveau ?' } });
    await waitFor(() => expect(readDraft(1, null)?.blocks[0]?.title).toBe('Niveau ?'));
    expect(readDraft(1, null)?.skillSession).toEqual({ id: 7, name: 'Semestre 2' });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lea-manager/1/questionnaire/edit/42'));
    expect(postUrls).toHaveLength(1);
    expect(postUrls[0]).toMatch(/\/app\/lea-manager\/1\/questionnaire\?skillSession=7$/);
    // Linked once: the saved questionnaire no longer says it comes from the session.
    await waitFor(() => expect(screen.queryByTestId('editor-skill-session')).toBeNull());
  }, 60_000);

  it('keeps unsaved work as a local draft and asks to save or leave when navigating away', async () => {
    writeDraft(1, blankState(withDates()));
    const { router } = renderEditor('/lea-manager/1/questionnaire/add');
    await screen.findByRole('heading', { name: 'Bilan final' });
    await addQuestion();
    await waitFor(() => expect(readDraft(1, null)?.blocks).toHaveLength(1));
    expect(screen.getByTestId('editor-saved-state').textContent).toBe('Modifications non enregistrées');

    fireEvent.click(screen.getByRole('link', { name: 'Retour aux questionnaires' }));
    expect(
      await screen.findByText('Le questionnaire a des modifications non enregistrées. Voulez-vous les enregistrer avant de quitter ?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByText(/Voulez-vous les enregistrer/)).toBeNull());
    expect(router.state.location.pathname).toBe('/lea-manager/1/questionnaire/add');

    fireEvent.click(screen.getByRole('link', { name: 'Retour aux questionnaires' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByText('La liste')).toBeTruthy();
    expect(readDraft(1, null)).toBeNull();
  }, 60_000);
});
