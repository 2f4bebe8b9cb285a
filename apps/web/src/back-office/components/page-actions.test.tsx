import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PageAction } from '@lea/shared';
import { renderWithProviders } from '../../test/render';
import { stubApi } from '../test/render-area';
import { PageActions } from './page-actions';

const ACTIONS: PageAction[] = [
  {
    key: 'generate-training-test',
    label: 'Ajouter une formation de test',
    kind: 'call',
    path: 'training/generate-training-test',
    confirm: 'Créer une formation de test ?',
    choice: null,
  },
  {
    key: 'generate-triad-test',
    label: 'Générer des trinômes de test',
    kind: 'call',
    path: 'training/generate-triad-test',
    confirm: null,
    choice: { query: 'trainingCourse', label: 'Parcours de formation', path: 'training/course-choices' },
  },
];

const pickerInput = async () => (await screen.findAllByLabelText('Parcours de formation')).find((element) => element.tagName === 'INPUT')!;

function renderActions(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <PageActions area={{ kind: 'admin' }} actions={ACTIONS} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('PageActions: the page-level actions of a list', { timeout: 20_000 }, () => {
  it('asks before a call with a confirm, shows the notice and refreshes the list', async () => {
    const calls = stubApi(({ path }) =>
      path === '/app/admin/training/generate-training-test'
        ? { hasError: false, message: 'Formation de test créée', responses: [{ object: { id: 9 } }] }
        : undefined,
    );
    const onDone = renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une formation de test' }));
    expect(await screen.findByText('Créer une formation de test ?')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Formation de test créée')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('picks a course first and sends it as the query; a refused call shows its first field error and does not refresh', async () => {
    let refuse = false;
    const calls = stubApi(({ path }) => {
      if (path === '/app/admin/training/course-choices') return [{ value: '5', label: 'BTS — BTS SIO 2025-2027 (2025–2027)' }];
      if (path === '/app/admin/training/generate-triad-test')
        return refuse
          ? { hasError: true, message: 'Invalide', responses: [{ validationErrors: [{ field: 'x', message: 'Refusé' }] }] }
          : { hasError: false, message: 'Trinôme de test ajouté', responses: [{ object: { id: 3 } }] };
      return undefined;
    });
    const fetchStub = vi.mocked(fetch);
    const onDone = renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Générer des trinômes de test' }));
    const picker = await pickerInput();
    expect(screen.getByRole('button', { name: 'Valider' })).toHaveProperty('disabled', true);
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'BTS — BTS SIO 2025-2027 (2025–2027)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Trinôme de test ajouté')).toBeTruthy();
    const sent = fetchStub.mock.calls.map(([input]) => String(input)).find((url) => url.includes('generate-triad-test'));
    expect(sent).toContain('/app/admin/training/generate-triad-test?trainingCourse=5');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.path)).toContain('/app/admin/training/course-choices');

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Générer des trinômes de test' }));
    fireEvent.click(await pickerInput());
    fireEvent.click(await screen.findByRole('option', { name: 'BTS — BTS SIO 2025-2027 (2025–2027)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Refusé')).toBeTruthy();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
