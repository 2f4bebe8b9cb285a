import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../test/render';
import { appState } from '../../../shell/app-state';
import { KeyDatesButton } from './key-dates-button';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

function renderButton(respond: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <KeyDatesButton triadId={12} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

/** jsdom has no Blob URLs: the downloaded blobs and the clicked links are recorded instead. */
function stubDownloads() {
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        blobs.push(blob);
        return 'blob:http://localhost/key-dates';
      }
      static override revokeObjectURL() {}
    },
  );
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
  appState.setOffline(false);
});

describe('KeyDatesButton', () => {
  it('downloads the iCalendar file the server sends', async () => {
    const downloads = stubDownloads();
    const body = { filename: 'dates-cles-lucas-martin.ics', data: btoa(ICS), type: 'text/calendar' };
    const fetchMock = renderButton(
      () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger les dates clés' }));
    await waitFor(() => expect(downloads.names).toEqual(['dates-cles-lucas-martin.ics']));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/app/triad/key-dates/12');
    expect(downloads.blobs[0]?.type).toBe('text/calendar');
    expect(await downloads.blobs[0]?.text()).toBe(ICS);
  });

  it('says so when the file cannot be made', async () => {
    renderButton(
      () => new Response(JSON.stringify({ code: 500, message: 'boom' }), { status: 500, headers: { 'Content-Type': 'application/json' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger les dates clés' }));
    expect(await screen.findByText("Les dates clés n'ont pas pu être générées. Réessayez plus tard.")).toBeTruthy();
  });

  it('is disabled offline', () => {
    appState.setOffline(true);
    renderButton(() => new Response('{}'));
    expect((screen.getByRole('button', { name: 'Télécharger les dates clés' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
