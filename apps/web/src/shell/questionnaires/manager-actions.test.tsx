import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { ProfileStatus, QuestionnaireList, Triad } from '@lea/shared';
import { renderWithProviders } from '../../test/render';
import { managerActionOf } from './questionnaire-queries';
import { QuestionnaireYearBlocks } from './questionnaire-year-blocks';

const status = (icon: ProfileStatus['icon'], endDate: string | null): ProfileStatus => ({
  hasToSign: false,
  hasToComplete: false,
  hasSigned: icon === 'check',
  signedAt: icon === 'check' ? '2026-03-04T09:00:00Z' : null,
  startDate: '2020-01-01',
  endDate,
  icon,
});

/** Tutor signed, apprentice locked since 2020, master locked until 2999, manager pending. */
const list: QuestionnaireList = {
  leaManagerColumn: true,
  years: [
    {
      year: 1,
      categories: [
        {
          id: null,
          title: '',
          questionnaires: [
            {
              id: 7,
              title: 'Bilan',
              year: 1,
              category: null,
              signedBy: [1, 2, 3, 4],
              completenessDate: null,
              userProfile: 4,
              userHasToComplete: false,
              userHasToSign: false,
              userHasSigned: false,
              userTodo: null,
              profileStatus: {
                '1': status('lock', '2020-06-30'),
                '2': status('check', '2020-06-30'),
                '3': status('lock', '2999-06-30'),
                '4': status('hourglass-start', null),
              },
            },
          ],
        },
      ],
    },
  ],
};

const triad = (userRoles: number[]): Triad => ({
  id: 5,
  apprentice: null,
  tutor: null,
  tutor2: null,
  apprenticeMaster: null,
  apprenticeMaster2: null,
  companyManager: null,
  triadUsers: [],
  userRoles,
  contracts: [],
  activeContract: null,
  active: true,
  profileLabels: { '1': 'A', '2': 'T', '3': 'M', '4': 'SM' },
  leaManagerColumn: true,
  trainingCourse: {
    id: 4,
    displayName: 'BTS SIO',
    isLeaManager: false,
    archive: false,
    startYear: 2025,
    endYear: 2027,
    menu: [],
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
});

const json = (code: number, body: unknown) =>
  new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
type Call = { method: string; path: string };

/** Serves the triad and the list; manager actions answer `onAction`. */
function renderBlocks(
  userRoles: number[],
  onAction: (call: Call) => Response = () => json(200, { success: true, icon: 'hourglass-start' }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      // The locale segment follows the app's language, which jsdom does not fix.
      const call = { method: init?.method ?? 'GET', path: url.pathname.replace(/^\/api\/\w+/, '') + url.search };
      calls.push(call);
      if (call.path === '/app/triad/5') return json(200, triad(userRoles));
      if (call.path === '/app/questionnaire/list/5') return json(200, list);
      return onAction(call);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <QuestionnaireYearBlocks triadId={5} /> }]);
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.path === '/app/questionnaire/list/5').length;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('managerActionOf', () => {
  it('offers cancelling a signature and unlocking a lock past its end date only', () => {
    expect(managerActionOf(status('check', null), '2026-05-01')).toBe('cancelSignature');
    expect(managerActionOf(status('lock', '2026-04-30'), '2026-05-01')).toBe('unlock');
    expect(managerActionOf(status('lock', '2026-05-01'), '2026-05-01')).toBeNull();
    expect(managerActionOf(status('lock', null), '2026-05-01')).toBeNull();
    expect(managerActionOf(status('lock-open', '2026-04-30'), '2026-05-01')).toBeNull();
    expect(managerActionOf(status('hourglass-start', '2026-04-30'), '2026-05-01')).toBeNull();
  });
});

describe('manager actions on the status icons', () => {
  it('makes the signature and the ended lock buttons for a manager, not a lock before its end date', async () => {
    renderBlocks([4]);
    expect(await screen.findByRole('button', { name: 'Annuler la signature du tuteur pédagogique' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Déverrouiller la réponse de l'apprenti" })).toBeTruthy();
    const masterLock = screen.getByRole('img', { name: /Maître d'apprentissage : verrouillé/ });
    expect(masterLock.getAttribute('data-icon')).toBe('lock');
    expect(screen.queryByRole('button', { name: /maître d'apprentissage/ })).toBeNull();
    const cancel = screen.getByRole('button', { name: 'Annuler la signature du tuteur pédagogique' });
    const description = document.getElementById(cancel.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Tuteur pédagogique : signé, Du 01/01/2020 au 30/06/2020, Signé le 04/03/2026');
  });

  it('shows plain icons to the other members', async () => {
    renderBlocks([1]);
    expect(await screen.findByRole('img', { name: /Tuteur pédagogique : signé.*Signé le 04\/03\/2026/ })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /verrouillé/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Annuler la signature|Déverrouiller/ })).toBeNull();
  });

  it('cancels a signature after confirmation, then refetches the list', async () => {
    const calls = renderBlocks([4]);
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler la signature du tuteur pédagogique' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/« Tuteur pédagogique » redeviendra un brouillon partagé/)).toBeTruthy();
    expect(calls.some((call) => call.path.includes('cancel-signature'))).toBe(false);
    const before = listCalls(calls);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la signature' }));
    expect(await screen.findByText('La signature a bien été annulée')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'PUT', path: '/app/questionnaire/cancel-signature/5/7?profile=2' });
    await waitFor(() => expect(listCalls(calls)).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('unlocks after confirmation and does nothing when the dialog is dismissed', async () => {
    const calls = renderBlocks([4], () => json(200, { success: true, icon: 'lock-open' }));
    const unlock = await screen.findByRole('button', { name: "Déverrouiller la réponse de l'apprenti" });
    fireEvent.click(unlock);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.includes('unlock'))).toBe(false);

    fireEvent.click(unlock);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Déverrouiller' }));
    expect(await screen.findByText('La réponse a bien été déverrouillée')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'GET', path: '/app/questionnaire/unlock/5/7?profile=1' });
  });

  it('reports a refusal with the server message', async () => {
    const refusal = "Ce questionnaire ne peut être déverrouillé qu'après sa date de fin de saisie (30/06/2020)";
    renderBlocks([4], () => json(409, { code: 409, message: refusal }));
    fireEvent.click(await screen.findByRole('button', { name: "Déverrouiller la réponse de l'apprenti" }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Déverrouiller' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText("La réponse n'a pas pu être déverrouillée")).toBeTruthy();
  });
});
