import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { FormModel } from '@lea/shared';
import { DATA_AGREEMENT } from '../test/entities';
import { renderArea, stubApi } from '../test/render-area';
import EntityRoutePage from './entity-route-page';

const field = (name: string, label: string, kind: 'text' | 'email', value: string) => ({
  id: `data-agreement_${name}`,
  name,
  label,
  kind,
  value,
  required: false,
  disabled: false,
  hide: false,
  attributes: {},
});

const MODEL: FormModel = {
  tabs: [
    { code: 'legal', label: 'Mentions légales', fields: [field('legalNotice', 'Texte des mentions', 'text', 'Éditeur : CFA')] },
    { code: 'help', label: 'Aide', fields: [field('helpContactEmail', "Adresse e-mail de l'assistance", 'email', 'aide@example.com')] },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('EntityRoutePage: the singleton page', { timeout: 20_000 }, () => {
  it('edits the one record in tabs, opens the erroneous tab, saves with PUT and stays with the notice', async () => {
    let saves = 0;
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/app/admin/generic/entities') return { area: 'admin', entities: [DATA_AGREEMENT] };
      if (method === 'GET' && path === '/app/admin/data-agreement/unique-form') return MODEL;
      if (method === 'PUT' && path === '/app/admin/generic/data-agreement/unique-post') {
        saves += 1;
        return saves === 1
          ? {
              hasError: true,
              message: 'Le formulaire contient des erreurs',
              responses: [{ validationErrors: [{ field: 'helpContactEmail', message: 'Adresse refusée' }] }],
            }
          : { hasError: false, message: 'Les textes de la plateforme ont été enregistrés', responses: [{ object: { id: 1 } }] };
      }
      return undefined;
    });
    const { router } = renderArea([{ path: '*', element: <EntityRoutePage /> }], '/admin/data-agreement/edit', [], { kind: 'admin' });

    expect(await screen.findByRole('heading', { name: 'Textes légaux', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/admin');
    // Tabs, not a wizard: the record exists.
    expect((await screen.findByRole('tab', { name: 'Mentions légales' })).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText('Texte des mentions'), { target: { value: 'Éditeur : CFA Démo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Aide' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Adresse refusée')).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Adresse e-mail de l'assistance"), { target: { value: 'assistance@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les textes de la plateforme ont été enregistrés')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/data-agreement/edit');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        path: '/app/admin/generic/data-agreement/unique-post',
        body: [
          { code: 'legal', form: { legalNotice: 'Éditeur : CFA Démo' } },
          { code: 'help', form: { helpContactEmail: 'aide@example.com' } },
        ],
      },
      expect.objectContaining({ method: 'PUT', path: '/app/admin/generic/data-agreement/unique-post' }),
    ]);
  });
});
