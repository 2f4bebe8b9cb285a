import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { QuestionnaireView } from '@lea/shared';
import { appState } from '../../../shell/app-state';
import { renderWithProviders } from '../../../test/render';
import { answer, fixtureView, item } from '../test/fixtures';
import QuestionnairePage from './questionnaire-page';

type Call = { method: string; path: string; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A one-page PDF as the export answers it; the model shows in the file name. */
const pdfExport = (model: string | null) =>
  json(200, { data: btoa('%PDF-1.4 preview'), filename: `bilan-${model}.pdf`, filetype: 'application/pdf' });

/** Serves the view on GET (the export on its path) and answers PUTs with `onSave`; records every call. */
function renderPage(
  views: QuestionnaireView[],
  onSave: (body: unknown) => Response = () => json(200, { hasError: false, responses: [{ object: null }] }),
  onExport: (model: string | null) => Response = pdfExport,
  onUpload: () => Response = () => json(500, { code: 500, message: 'unexpected upload' }),
) {
  const calls: Call[] = [];
  let viewIndex = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, path: url.pathname + url.search, body });
      if (method === 'PUT') return onSave(body);
      if (url.pathname.endsWith('/app/file/upload')) return onUpload();
      if (url.pathname.includes('/export/')) return onExport(url.searchParams.get('model'));
      const view = views[Math.min(viewIndex, views.length - 1)];
      viewIndex += 1;
      return json(200, view);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/questionnaire/:triadId/:questionnaireId', element: <QuestionnairePage /> },
      { path: '/dashboard/home', element: <p>home</p> },
    ],
    { initialEntries: ['/dashboard/questionnaire/5/7'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

const saves = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const exports = (calls: Call[]) =>
  calls.filter((call) => call.path.includes('/export/')).map((call) => call.path.replace(/^\/api\/(fr|en)/, ''));

/** jsdom has no Blob URLs: numbered stand-ins, with the revoked ones recorded (unstubbed after each test). */
function stubBlobUrls() {
  const created: Blob[] = [];
  const revoked: string[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        created.push(blob);
        return `blob:http://localhost/pdf-${created.length}`;
      }
      static override revokeObjectURL(url: string) {
        revoked.push(url);
      }
    },
  );
  return { created, revoked };
}

describe('QuestionnairePage', () => {
  it('renders a control for every field type, the title blocks and both cluster kinds', async () => {
    renderPage([fixtureView()]);
    expect(await screen.findByRole('heading', { name: 'Bilan de période' })).toBeTruthy();
    expect(document.title).toBe('Bilan de période - lea');
    expect(screen.getByRole('heading', { name: 'Partie 1 : en entreprise' })).toBeTruthy();
    expect((screen.getByLabelText(/Poste occupé/) as HTMLInputElement).type).toBe('text');
    expect((await screen.findByRole('textbox', { name: 'Missions confiées' })).getAttribute('contenteditable')).toBe('true');
    expect(screen.getByRole('toolbar', { name: 'Mise en forme' })).toBeTruthy();
    expect(document.getElementById('question-4')?.getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.getByRole('radio', { name: 'Difficile' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'CAO' })).toBeTruthy();
    expect(screen.getByLabelText('Heures par semaine').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('button', { name: 'Choisir un fichier' })).toBeTruthy();
    expect(screen.getByLabelText("Date d'entrée").getAttribute('placeholder')).toBe('jj/mm/aaaa');
    expect(screen.getByText('jj/mm/aaaa hh:mm')).toBeTruthy();
    expect(screen.getByLabelText('Rendez-vous')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Ponctualité : Non acquis' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Activité 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une ligne' })).toBeTruthy();
    expect(screen.getByText('Question 1 / 11')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporter en PDF' })).toBeTruthy();
  });

  it('shows the server’s reason when it refuses an upload (quota, size), not a generic failure', async () => {
    const quota = "Vous avez atteint l'espace maximal de vos fichiers déposés";
    renderPage([fixtureView()], undefined, undefined, () => json(413, { code: 413, message: quota }));
    await screen.findByRole('heading', { name: 'Bilan de période' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'rapport.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(quota)).toBeTruthy();
  });

  it('disables the fields the caller may not write and shows the other profiles’ answers', async () => {
    renderPage([
      fixtureView({
        userProfile: 2,
        questions: [
          item(2, {
            title: 'Poste occupé',
            access: [1, 2],
            writable: false,
            answers: [answer(40, 2, { value: 'Technicienne', writerProfile: 1 })],
          }),
          item(3, { title: 'Avis du tuteur', access: [2] }),
        ],
      }),
    ]);
    expect(await screen.findByRole('group', { name: 'Poste occupé' })).toBeTruthy();
    expect((screen.getByLabelText('Avis du tuteur') as HTMLInputElement).disabled).toBe(false);
    const others = screen.getByRole('group', { name: 'Réponses des autres membres du trinôme' });
    expect(within(others).getByText('Technicienne')).toBeTruthy();
    expect(within(others).getByText('Apprenti')).toBeTruthy();
    expect(within(others).getByText('Léa Martin')).toBeTruthy();
  });

  it('shows a signed reply as read-only text, with no disabled control to squint at', async () => {
    const own = (id: number, value: QuestionnaireView['questions'][number]['answers'][number]['value'], extra = {}) => ({
      writable: false,
      userAnswer: answer(100 + id, id, { value, ...extra }),
    });
    renderPage([
      fixtureView({
        userHasSigned: true,
        questions: [
          item(2, { title: 'Poste occupé', ...own(2, 'Technicienne'), comments: true, commentsLabel: 'Précisions' }),
          item(3, { title: 'Missions confiées', type: 1, ...own(3, '<p>Maintenance du <strong>parc</strong></p>') }),
          item(5, { title: 'Intégration', type: 3, valueList: [{ value: 'Bonne', mark: null }], ...own(5, 'Bonne') }),
          item(9, { title: "Date d'entrée", type: 11, ...own(9, '2026-09-01') }),
        ],
      }),
    ]);
    const post = await screen.findByRole('group', { name: 'Poste occupé' });
    expect(within(post).getByText('Technicienne')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Missions confiées' })).getByText('parc').tagName).toBe('STRONG');
    expect(within(screen.getByRole('group', { name: 'Intégration' })).getByText('Bonne')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: "Date d'entrée" })).getByText('01/09/2026')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Précisions' })).toBeTruthy();
    expect(document.querySelectorAll('input:disabled, textarea:disabled, [data-disabled], [contenteditable]')).toHaveLength(0);
  });

  it('refuses to sign with a missing required answer: the field shows the message and nothing is sent', async () => {
    const { calls } = renderPage([fixtureView()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Signer' }));
    expect((await screen.findAllByText('Ce champ est obligatoire')).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByLabelText(/Poste occupé/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves(calls)).toHaveLength(0);
  });

  it('saves a private draft with the version, the profile and the answers, and stays on the page', async () => {
    const view = fixtureView({
      userReply: {
        id: 3,
        profile: 1,
        status: 1,
        version: 2,
        signedAt: null,
        writerProfile: 1,
        writerName: 'Léa Martin',
        interviewDate: null,
        totalMark: null,
      },
      questions: [
        item(2, { title: 'Poste occupé' }),
        item(6, {
          title: 'Outils',
          type: 4,
          valueList: [
            { value: 'ERP', mark: null },
            { value: 'CAO', mark: null },
          ],
        }),
      ],
    });
    const { calls, router } = renderPage([view]);
    fireEvent.change(await screen.findByLabelText('Poste occupé'), { target: { value: 'Technicienne' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'CAO' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByText('Le brouillon a bien été enregistré')).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        method: 'PUT',
        path: expect.stringMatching(/^\/api\/(fr|en)\/app\/questionnaire\/save\/5\/7$/),
        body: {
          draft: 1,
          profile: 1,
          version: 2,
          answers: [
            { questionId: 2, value: 'Technicienne' },
            { questionId: 6, value: ['CAO'] },
          ],
        },
      },
    ]);
    expect(router.state.location.pathname).toBe('/dashboard/questionnaire/5/7');
  });

  it('signs after the confirmation and goes back to the dashboard', async () => {
    const view = fixtureView({
      questions: [item(2, { title: 'Poste occupé', required: true, userAnswer: answer(9, 2, { value: 'Technicienne' }) })],
    });
    const { calls, router } = renderPage([view]);
    fireEvent.click(await screen.findByRole('button', { name: 'Signer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
    expect(saves(calls)[0]?.body).toMatchObject({ draft: 3, profile: 1, version: 0 });
  });

  it('offline, disables save, share, sign and export with the reason instead of failing once clicked', async () => {
    const view = fixtureView({
      questions: [item(2, { title: 'Poste occupé', required: true, userAnswer: answer(9, 2, { value: 'Technicienne' }) })],
    });
    const { calls } = renderPage([view]);
    await screen.findByRole('button', { name: 'Signer' });
    act(() => appState.setOffline(true));
    try {
      for (const name of ['Signer', 'Enregistrer le brouillon', /Exporter/]) {
        expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
      }
      expect(screen.getAllByTestId('offline-action').length).toBeGreaterThanOrEqual(3);
      expect(saves(calls)).toEqual([]);
    } finally {
      act(() => appState.setOffline(false));
    }
    expect((screen.getByRole('button', { name: 'Signer' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server message of a 409 in a red alert and reloads the view', async () => {
    const { calls } = renderPage([fixtureView({ questions: [item(2, { title: 'Poste occupé' })] })], () =>
      json(409, { code: 409, message: 'Attention le questionnaire a déjà été signé !' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le brouillon' }));
    const message = await screen.findByText('Attention le questionnaire a déjà été signé !');
    expect(message.closest('.mantine-Alert-root')?.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('puts the server validation errors on their fields and focuses the first', async () => {
    renderPage([fixtureView({ questions: [item(2, { title: 'Poste occupé' }), item(3, { title: 'Missions', type: 1 })] })], () =>
      json(200, { hasError: true, responses: [{ validationErrors: [{ field: 'question-3', message: 'Ce champ est obligatoire' }] }] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    const missions = await screen.findByRole('textbox', { name: /Missions/ });
    await waitFor(() => expect(missions.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Poste occupé').getAttribute('aria-invalid')).not.toBe('true');
    expect(await screen.findByText("Oups, il y'a eu une erreur lors de l'enregistrement")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(missions));
  });

  it('offers the shared draft only while the reply is a private draft, and replaces the signature by the banner', async () => {
    renderPage([
      fixtureView({
        message: 'Signature après la visite en entreprise',
        userReply: {
          id: 3,
          profile: 1,
          status: 2,
          version: 2,
          signedAt: null,
          writerProfile: 1,
          writerName: null,
          interviewDate: null,
          totalMark: null,
        },
      }),
    ]);
    expect(await screen.findByText('Signature après la visite en entreprise')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Partager le brouillon' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Signer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enregistrer le brouillon' })).toBeTruthy();
  });

  it('lets a course manager cancel a signature from the signatory block, then reloads the view', async () => {
    const signedTutor = {
      hasToSign: false,
      hasToComplete: false,
      hasSigned: true,
      signedAt: '2026-03-04T09:00:00Z',
      startDate: '2026-01-01',
      endDate: '2026-07-15',
      icon: 'check',
    } as const;
    const managerView = fixtureView({
      userProfile: 4,
      userCanManage: true,
      profileStatus: { ...fixtureView().profileStatus, '2': signedTutor },
    });
    const { calls } = renderPage([managerView], () => json(200, { success: true, icon: 'hourglass-start' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler la signature du tuteur pédagogique' }));
    expect(screen.getByText('Signé le 04/03/2026')).toBeTruthy();
    const viewsBefore = calls.filter((call) => call.method === 'GET').length;
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Annuler la signature' })).getByRole('button', { name: 'Annuler la signature' }),
    );
    expect(await screen.findByText('La signature a bien été annulée')).toBeTruthy();
    expect(saves(calls)).toEqual([
      { method: 'PUT', path: expect.stringMatching(/^\/api\/(fr|en)\/app\/questionnaire\/cancel-signature\/5\/7\?profile=2$/), body: null },
    ]);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(viewsBefore));
  });

  it('shows a paper signature with who recorded it, and offers one to a manager for an unsigned tutor or master only', async () => {
    const waiting = {
      hasToSign: true,
      hasToComplete: false,
      hasSigned: false,
      signedAt: null,
      startDate: null,
      endDate: null,
      icon: 'hourglass-start',
    } as const;
    const signedOnPaper = { ...waiting, hasToSign: false, hasSigned: true, signedAt: '2026-03-04T09:00:00Z', icon: 'check' } as const;
    renderPage([
      fixtureView({
        userProfile: 4,
        userCanManage: true,
        signedBy: [1, 2, 3],
        profileStatus: { ...fixtureView().profileStatus, '2': signedOnPaper, '3': waiting },
        paperSignatures: [{ profile: 2, signedOn: '2026-03-02', recordedBy: 'Claire Petit', recordedAt: '2026-03-04T09:00:00Z' }],
      }),
    ]);
    expect(await screen.findByText('Signature sur papier du 02/03/2026, enregistrée par Claire Petit')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Enregistrer la signature papier : Maître d'apprentissage" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enregistrer la signature papier : (Tuteur|Apprenti)/ })).toBeNull();
  });

  it('shows the signatories’ icons without actions to the other members', async () => {
    renderPage([
      fixtureView({
        profileStatus: {
          ...fixtureView().profileStatus,
          '2': {
            hasToSign: false,
            hasToComplete: false,
            hasSigned: true,
            signedAt: '2026-03-04T09:00:00Z',
            startDate: null,
            endDate: null,
            icon: 'check',
          },
        },
      }),
    ]);
    expect(await screen.findByRole('img', { name: /Tuteur pédagogique : signé/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Annuler la signature/ })).toBeNull();
  });
  it('previews the filled PDF in a modal, switches to the blank model and revokes the Blob URLs on close', async () => {
    const blobs = stubBlobUrls();
    const { calls } = renderPage([fixtureView()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Aperçu PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aperçu du questionnaire' });
    const frame = within(dialog).getByTitle('Aperçu PDF : Bilan de période');
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/pdf-1');
    expect(blobs.created[0]?.type).toBe('application/pdf');
    expect(within(dialog).getByRole('link', { name: 'Télécharger' }).getAttribute('download')).toBe('bilan-1.pdf');
    expect(exports(calls)).toEqual(['/app/questionnaire/export/5/7?model=1']);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Modèle vierge' }));
    await waitFor(() =>
      expect(within(dialog).getByTitle('Aperçu PDF : Bilan de période').getAttribute('src')).toBe('blob:http://localhost/pdf-2'),
    );
    expect(exports(calls)).toEqual(['/app/questionnaire/export/5/7?model=1', '/app/questionnaire/export/5/7?model=0']);
    expect(within(dialog).getByRole('link', { name: 'Télécharger' }).getAttribute('download')).toBe('bilan-0.pdf');
    // The first URL is revoked by the effect's cleanup, which may run a tick after the new frame shows.
    await waitFor(() => expect(blobs.revoked).toEqual(['blob:http://localhost/pdf-1']));

    fireEvent.click(within(dialog).getByRole('button', { name: "Fermer l'aperçu" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(blobs.revoked).toEqual(['blob:http://localhost/pdf-1', 'blob:http://localhost/pdf-2']));
  });

  it('shows the file alert in the preview when the export has no data', async () => {
    stubBlobUrls();
    renderPage([fixtureView()], undefined, () => json(200, { data: '', filename: '', filetype: 'application/pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aperçu PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aperçu du questionnaire' });
    expect(within(dialog).getByRole('alert').textContent).toContain('Oups, on dirait que le fichier est indisponible');
    expect(within(dialog).queryByTitle(/Aperçu PDF/)).toBeNull();
  });

  it('offers neither the export nor the preview without userCanExportPdf', async () => {
    renderPage([fixtureView({ userCanExportPdf: false })]);
    expect(await screen.findByRole('heading', { name: 'Bilan de période' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aperçu PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exporter en PDF' })).toBeNull();
  });
});
