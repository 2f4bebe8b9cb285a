import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { SendInfosResponse, SendInfosUser } from '@lea/shared';
import { renderArea, stubApi } from '../../../back-office/test/render-area';
import SendUserInfosPage from './send-user-infos-page';

const user = (id: number, fullName: string, welcomeNumber = 0): SendInfosUser => ({
  id,
  fullName,
  email: `${id}@example.com`,
  alreadyConnectedOnce: id === 1,
  profile: 1,
  mail: '',
  resetNumber: 0,
  welcomeNumber,
});

function renderPage() {
  let welcomes = 0;
  const calls = stubApi(({ method, path }): unknown => {
    if (method === 'GET' && path === '/app/lea-manager/1/triad/send-user-infos') {
      const answer: SendInfosResponse = {
        crews: [
          { id: 1, title: 'Promotion A', users: [user(1, 'Hugo Durand'), user(2, 'Léa Moreau', welcomes)] },
          { id: 2, title: 'Promotion B', users: [user(3, 'Nina Roux')] },
        ],
      };
      return answer;
    }
    if (method === 'POST' && path === '/app/lea-manager/1/triad/send-welcome') {
      welcomes += 1;
      return { hasError: false, message: 'ok', sent: 1 };
    }
    return undefined;
  });
  renderArea([{ path: 'triad/send-user-infos', element: <SendUserInfosPage /> }], '/lea-manager/1/triad/send-user-infos');
  return calls;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('SendUserInfosPage', { timeout: 20_000 }, () => {
  it('keeps both sends disabled until a user is ticked, and selects a whole crew at once', async () => {
    renderPage();
    await screen.findByText('Léa Moreau');
    expect(button("Envoyer l'e-mail de bienvenue").disabled).toBe(true);
    expect(button('Envoyer un nouveau mot de passe').disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner dans Promotion A' }));
    expect((screen.getByRole('checkbox', { name: 'Hugo Durand' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Léa Moreau' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Nina Roux' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 utilisateurs sélectionnés')).toBeTruthy();
    expect(button("Envoyer l'e-mail de bienvenue").disabled).toBe(false);
    expect(button('Envoyer un nouveau mot de passe').disabled).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner dans Promotion A' }));
    expect(button("Envoyer l'e-mail de bienvenue").disabled).toBe(true);
  });

  it('sends the welcome e-mail to the ticked users, then shows the notice and the new counters', async () => {
    const calls = renderPage();
    const row = (await screen.findByText('Léa Moreau')).closest('[data-testid="send-infos-user"]') as HTMLElement;
    expect(within(row).getByText('0 e-mail de bienvenue')).toBeTruthy();
    expect(within(row).getByText('Jamais connecté')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Léa Moreau' }));
    fireEvent.click(button("Envoyer l'e-mail de bienvenue"));
    expect(await screen.findByText("L'e-mail de bienvenue a été envoyé")).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/app/lea-manager/1/triad/send-welcome',
      body: { users: [2] },
    });
    await waitFor(() =>
      expect(
        within(screen.getByText('Léa Moreau').closest('[data-testid="send-infos-user"]') as HTMLElement).getByText('1 e-mail de bienvenue'),
      ).toBeTruthy(),
    );
    expect(button("Envoyer l'e-mail de bienvenue").disabled).toBe(true);
  });
});
