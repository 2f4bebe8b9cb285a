import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderWithProviders } from '../test/render';
import { appState } from './app-state';
import { OfflineBanner } from './shell-banners';

/** A page showing one query's data, answered at `answeredAt`. */
function renderPage(answeredAt: number, language: 'fr' | 'en' = 'fr') {
  const client = new QueryClient();
  client.setQueryData(['notepad', 3], { notes: [] }, { updatedAt: answeredAt });
  function Page() {
    useQuery({ queryKey: ['notepad', 3], queryFn: () => new Promise(() => undefined), staleTime: Infinity });
    return <OfflineBanner />;
  }
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
    { language },
  );
}

afterEach(() => appState.setOffline(false));

describe('OfflineBanner', () => {
  it('says offline and when the data on screen dates from, and goes once back online', async () => {
    appState.setOffline(true);
    renderPage(dayjs().hour(0).minute(7).valueOf());
    expect((await screen.findByRole('status')).textContent).toBe(
      'Mode hors-ligne, données de 00:07. Les actions qui demandent le réseau sont désactivées.',
    );
    act(() => appState.setOffline(false));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives the day of data older than today', async () => {
    appState.setOffline(true);
    renderPage(new Date(2026, 2, 9, 14, 5).valueOf(), 'en');
    expect((await screen.findByRole('status')).textContent).toContain('Offline mode, data from 09/03/2026 at 14:05.');
  });

  it('shows nothing while online', () => {
    renderPage(Date.now());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
