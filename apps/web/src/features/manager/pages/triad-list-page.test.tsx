import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderArea, stubApi } from '../../../back-office/test/render-area';
import { TRIAD_LIST } from '../test/triads';
import TriadListPage from './triad-list-page';

const impersonate = vi.fn();
vi.mock('../../../shell/use-impersonate', () => ({
  useImpersonate: () => ({ mutate: impersonate, isPending: false, variables: undefined }),
}));

const ok = { success: true, hasError: false, detail: [] };

function renderList() {
  const calls = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/app/lea-manager/1/triad/list') return TRIAD_LIST;
    if (method === 'DELETE') return ok;
    if (path.endsWith('/generate-triad-test')) return { hasError: false, responses: [{ object: { id: 9 } }] };
    return undefined;
  });
  renderArea([{ path: 'triad', element: <TriadListPage /> }], '/lea-manager/1/triad');
  return calls;
}

const crew = (title: string) => screen.getByRole('region', { name: title });
const triadOf = (name: string) => screen.getByRole('group', { name: `Trinôme de ${name}` });

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  impersonate.mockReset();
});

describe('TriadListPage', { timeout: 20_000 }, () => {
  it('shows one widget per crew with the four person columns, the CL mark and muted inactive triads', async () => {
    renderList();
    await screen.findByRole('region', { name: 'Promotion A' });
    expect(screen.getAllByTestId('manager-crew')).toHaveLength(3);
    const first = triadOf('Hugo Durand1');
    for (const label of ['A', 'T', 'M', 'CL']) expect(within(first).getByText(label, { exact: true })).toBeTruthy();
    expect(within(first).getByText('Philippe Garnier')).toBeTruthy();
    expect(first.dataset.inactive).toBeUndefined();
    const inactive = triadOf('Hugo Durand2');
    expect(inactive.dataset.inactive).toBe('true');
    expect(within(inactive).getByText('Inactif')).toBeTruthy();
    expect(within(triadOf('Hugo Durand3')).getByText('Test')).toBeTruthy();
  });

  it('deletes only an empty crew, with the cannot_remove hint otherwise, and never the crew-less group', async () => {
    const calls = renderList();
    await screen.findByRole('region', { name: 'Promotion A' });
    const full = within(crew('Promotion A')).getByRole('button', { name: 'Supprimer le groupe' });
    expect(full.hasAttribute('disabled')).toBe(true);
    expect(within(crew('Promotion A')).getByRole('link', { name: 'Modifier le groupe' }).getAttribute('href')).toBe(
      '/lea-manager/1/triad/crew/edit/1',
    );
    expect(within(crew('Sans promotion')).queryByRole('button', { name: 'Supprimer le groupe' })).toBeNull();

    fireEvent.click(within(crew('Promotion B')).getByRole('button', { name: 'Supprimer le groupe' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Voulez-vous vraiment supprimer le groupe « Promotion B » ?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/app/lea-manager/1/crew/delete/2')).toBe(true),
    );
  });

  it('offers removal of the tutor and the master only, and impersonation of every member but the company manager', async () => {
    const calls = renderList();
    await screen.findByRole('region', { name: 'Promotion A' });
    const second = triadOf('Hugo Durand2');
    expect(within(second).getByRole('button', { name: 'Retirer Julien Bernard du trinôme' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /Retirer Hugo/ })).toBeNull();
    // No master on this triad: nothing to remove in that column.
    expect(within(second).queryByRole('button', { name: /Retirer Claire/ })).toBeNull();
    expect(within(triadOf('Hugo Durand1')).getByRole('button', { name: 'Retirer Claire Petit du trinôme' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Se connecter en tant que Philippe Garnier' })).toBeNull();

    fireEvent.click(within(second).getByRole('button', { name: 'Se connecter en tant que Anne Parent' }));
    expect(impersonate).toHaveBeenCalledWith(700);

    fireEvent.click(within(second).getByRole('button', { name: 'Retirer Julien Bernard du trinôme' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/app/lea-manager/1/triad/delete-member/1/2/2/202')).toBe(true),
    );
    expect(await screen.findByText('Le membre a été retiré du trinôme')).toBeTruthy();
  });

  it('marks the trash of a signed triad red and warns before deleting it', async () => {
    const calls = renderList();
    await screen.findByRole('region', { name: 'Promotion A' });
    const signed = within(triadOf('Hugo Durand1')).getByRole('button', { name: 'Supprimer le trinôme' });
    expect(signed.querySelector('[data-signed]')).toBeTruthy();
    expect(within(triadOf('Hugo Durand2')).getByRole('button', { name: 'Supprimer le trinôme' }).querySelector('[data-signed]')).toBeNull();

    fireEvent.click(signed);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/un questionnaire de ce trinôme a déjà été signé/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/app/lea-manager/1/triad/delete/1')).toBe(true),
    );
  });

  it('links every triad and page action to its screen and adds a test triad', async () => {
    const calls = renderList();
    await screen.findByRole('region', { name: 'Promotion A' });
    const first = triadOf('Hugo Durand1');
    expect(within(first).getByRole('link', { name: 'Modifier le trinôme' }).getAttribute('href')).toBe('/lea-manager/1/triad/triad/edit/1');
    expect(within(first).getByRole('link', { name: '1 contrat' }).getAttribute('href')).toBe('/lea-manager/1/triad/contract/1');
    expect(within(first).getByRole('link', { name: 'Ajouter un utilisateur secondaire' }).getAttribute('href')).toBe(
      '/lea-manager/1/triad/triad-user/1/add',
    );
    const hrefs = Object.fromEntries(
      [
        'Ajouter un trinôme',
        'Ajouter un groupe',
        'Ajouter un utilisateur',
        'Importer des trinômes',
        'Mettre à jour les trinômes',
        'Envoyer les identifiants',
      ].map((name) => [name, screen.getByRole('link', { name }).getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      'Ajouter un trinôme': '/lea-manager/1/triad/triad/add',
      'Ajouter un groupe': '/lea-manager/1/triad/crew/add',
      'Ajouter un utilisateur': '/lea-manager/1/triad/lea-user/add',
      'Importer des trinômes': '/lea-manager/1/triad/triad/import',
      'Mettre à jour les trinômes': '/lea-manager/1/triad/triad/update',
      'Envoyer les identifiants': '/lea-manager/1/triad/send-user-infos',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un trinôme de test' }));
    expect(await screen.findByText('Le trinôme de test a été ajouté')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/app/lea-manager/1/triad/list').length).toBeGreaterThan(1);
  });
});
