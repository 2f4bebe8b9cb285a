import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { DashboardEntry } from '@lea/shared';
import { renderWithProviders } from '../../../test/render';
import { SignatureCell } from './signature-cell';
import { UnlockAllButton } from './unlock-all-button';

type Call = { method: string; path: string };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function render(ui: React.ReactElement) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', path: `${url.pathname.replace(/^\/api\/(fr|en)/, '')}${url.search}` });
      return json({ success: true, icon: 'hourglass-start', count: 3 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { calls, invalidate };
}

const past = dayjs().subtract(3, 'day').format('YYYY-MM-DD');
const future = dayjs().add(3, 'day').format('YYYY-MM-DD');

const entry: DashboardEntry = {
  apprentice: { icon: 'check', signedAt: '2026-03-02T10:00:00.000Z', endDate: future },
  tutor: { icon: 'lock', signedAt: null, endDate: past },
  apprenticeMaster: { icon: 'lock', signedAt: null, endDate: future },
  leaManager: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('signature dashboard cells (spec 3 §4)', () => {
  it('cancels a signature after confirmation, then refetches the questionnaire queries', async () => {
    const { calls, invalidate } = render(<SignatureCell entry={entry} triadId={4} questionnaireId={9} />);
    fireEvent.click(screen.getByRole('button', { name: "Annuler la signature de l'apprenti" }));
    expect(calls).toHaveLength(0);
    const confirm = await screen.findByRole('button', { name: 'Annuler la signature' });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/app/questionnaire/cancel-signature/4/9?profile=1' }]));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['questionnaire'] }));
  });

  it('unlocks a lock past its end date, and offers nothing on a lock still running', async () => {
    const { calls } = render(<SignatureCell entry={entry} triadId={4} questionnaireId={9} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    expect(document.querySelector('[data-profile="3"] [data-icon="lock"]')?.tagName).not.toBe('BUTTON');
    fireEvent.click(screen.getByRole('button', { name: 'Déverrouiller la réponse du tuteur pédagogique' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Déverrouiller' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'GET', path: '/app/questionnaire/unlock/4/9?profile=2' }]));
  });

  it('says when the questionnaire does not apply to the triad', () => {
    render(<SignatureCell entry={undefined} triadId={4} questionnaireId={9} />);
    expect(screen.getByText('Non concerné')).toBeTruthy();
  });

  it('unlocks a whole column after confirmation and tells how many replies opened', async () => {
    const { calls } = render(<UnlockAllButton courseId={1} questionnaire={{ id: 9, title: 'Bilan' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tout déverrouiller : Bilan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('button[data-autofocus]') as HTMLElement);
    await waitFor(() => expect(calls).toEqual([{ method: 'GET', path: '/app/lea-manager/1/unlock-all/9' }]));
    expect(await screen.findByText('3 réponses déverrouillées.')).toBeTruthy();
  });
});
