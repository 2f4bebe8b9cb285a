import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { FormModel } from '@lea/shared';
import { AreaErrorContext } from '../area-error';
import { renderArea, stubApi, type Call } from '../test/render-area';
import { areaEntities } from '../test/entities';
import EntityRoutePage from './entity-route-page';

const REQUIRED = 'Ce champ est obligatoire';

const field = (id: string, name: string, label: string, kind: 'text' | 'email', value = '') => ({
  id,
  name,
  label,
  kind,
  value,
  required: true,
  disabled: false,
  hide: false,
  attributes: {},
});

const model = (values: { lastName?: string; email?: string } = {}): FormModel => ({
  tabs: [
    { code: 'apprentice', label: 'Apprenti', fields: [field('t_lastName', 'apprenticeLastName', 'Nom', 'text', values.lastName)] },
    { code: 'tutor', label: 'Tuteur', fields: [field('t_email', 'tutorEmail', 'E-mail du tuteur', 'email', values.email)] },
  ],
});

const routes = [
  { path: 'triad', element: <p>liste des trinômes</p> },
  { path: '*', element: <EntityRoutePage /> },
];

/** The area's entities, then the test's own answers. */
const stubArea = (respond: Parameters<typeof stubApi>[0]) =>
  stubApi((call) => (call.method === 'GET' && call.path === '/app/lea-manager/1/generic/entities' ? areaEntities : respond(call)));

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
const reads = (calls: Call[]) => calls.filter((call) => call.method === 'GET').map((call) => call.path);

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('EntityRoutePage: the form of an entity, adding (wizard)', { timeout: 20_000 }, () => {
  it('keeps a step until it is valid, shows a server error on its field and step, then returns to the list', async () => {
    let answers = 0;
    const calls = stubArea(({ method, path }) => {
      if (method === 'GET' && path === '/app/lea-manager/1/triad/form') return model();
      if (method === 'POST' && path === '/app/lea-manager/1/triad/post') {
        answers += 1;
        return answers === 1
          ? {
              hasError: true,
              responses: [{ object: null, validationErrors: [{ field: 'apprenticeLastName', message: 'Nom déjà utilisé' }] }],
            }
          : { hasError: false, responses: [{ object: { id: 12 } }] };
      }
      return undefined;
    });
    const { router } = renderArea(routes, '/lea-manager/1/triad/triad/add');
    expect(await screen.findByRole('heading', { name: 'Ajouter un trinôme' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(screen.queryByLabelText(/E-mail du tuteur/)).toBeNull();

    fireEvent.change(input(/^Nom/), { target: { value: 'Durand' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    // Reaching the last step submits nothing: its untouched field shows no error yet.
    expect(input(/E-mail du tuteur/).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(REQUIRED)).toBeNull();
    fireEvent.change(input(/E-mail du tuteur/), { target: { value: 'tuteur@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    // The server refuses a field of the first step: the wizard goes back to it and shows why.
    expect(await screen.findByText('Nom déjà utilisé')).toBeTruthy();
    expect(await screen.findByText('Le formulaire contient des erreurs')).toBeTruthy();
    expect(input(/^Nom/).getAttribute('aria-invalid')).toBe('true');
    expect(saves(calls)[0]?.body).toEqual([
      { code: 'apprentice', form: { apprenticeLastName: 'Durand' } },
      { code: 'tutor', form: { tutorEmail: 'tuteur@example.com' } },
    ]);

    fireEvent.change(input(/^Nom/), { target: { value: 'Durand-Moreau' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les modifications ont bien été enregistrées')).toBeTruthy();
    expect(await screen.findByText('liste des trinômes')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lea-manager/1/triad');
    expect(saves(calls)).toHaveLength(2);
  });
});

describe('EntityRoutePage: the form of an entity, editing (tabs)', { timeout: 20_000 }, () => {
  it('puts a server error (400 envelope) on its field and opens its tab', async () => {
    const calls = stubArea(({ method, path }) => {
      if (method === 'GET' && path === '/app/lea-manager/1/crew/form/4') return model({ lastName: 'Promo A', email: 'a@example.com' });
      if (method === 'PUT' && path === '/app/lea-manager/1/crew/post/4') {
        return {
          status: 400,
          body: { hasError: true, responses: [{ validationErrors: [{ field: 'tutorEmail', message: 'Adresse inconnue' }] }] },
        };
      }
      return undefined;
    });
    renderArea(routes, '/lea-manager/1/triad/crew/edit/4');
    expect(await screen.findByRole('heading', { name: 'Modifier le groupe' })).toBeTruthy();
    expect((await screen.findByRole('tab', { name: 'Apprenti' })).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Tuteur' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Adresse inconnue')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tuteur' }).dataset.error).toBe('true');
    expect(saves(calls)).toEqual([
      {
        method: 'PUT',
        path: '/app/lea-manager/1/crew/post/4',
        body: [
          { code: 'apprentice', form: { apprenticeLastName: 'Promo A' } },
          { code: 'tutor', form: { tutorEmail: 'a@example.com' } },
        ],
      },
    ]);
  });

  it("loads and saves a triad's contract on the contract paths, then returns to the triad's contracts", async () => {
    const calls = stubArea(({ method, path }) => {
      if (method === 'GET' && path === '/app/lea-manager/1/contract/form/9/3')
        return model({ lastName: 'Contrat', email: 'c@example.com' });
      if (method === 'PUT' && path === '/app/lea-manager/1/contract/post/9/3')
        return { hasError: false, responses: [{ object: { id: 3 } }] };
      return undefined;
    });
    const { router } = renderArea(routes, '/lea-manager/1/triad/contract/9/edit/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lea-manager/1/triad/contract/9'));
    expect(saves(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /app/lea-manager/1/contract/post/9/3']);
    expect(reads(calls).slice(0, 2)).toEqual(['/app/lea-manager/1/generic/entities', '/app/lea-manager/1/contract/form/9/3']);
  });

  it('shows the area 404 for a path that no entity serves, without asking for a form', async () => {
    const report = vi.fn();
    const calls = stubArea(() => undefined);
    renderArea(
      [
        {
          path: '*',
          element: (
            <AreaErrorContext.Provider value={report}>
              <EntityRoutePage />
            </AreaErrorContext.Provider>
          ),
        },
      ],
      '/lea-manager/1/triad/crew/import',
    );
    await waitFor(() => expect(report).toHaveBeenCalledWith(404));
    expect(reads(calls)).toEqual(['/app/lea-manager/1/generic/entities']);
  });
});
