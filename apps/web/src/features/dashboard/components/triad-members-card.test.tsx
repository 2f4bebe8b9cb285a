import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Triad, User } from '@lea/shared';
import { currentUserKey } from '../../../shell/current-user';
import { readSession, saveTokens, writeSession } from '../../../shell/session';
import { renderWithProviders } from '../../../test/render';
import { buildTriad, person } from '../test/triad-fixture';
import { TriadMembersCard } from './triad-members-card';

const triad = (userRoles: number[]) => buildTriad({ companyManager: person(4, 'Philippe', 'Garnier'), userRoles }, { isLeaManager: true });

const user = (id: number, roles: string[], impersonator: User['impersonator'] = null): User => ({
  id,
  firstName: 'Sophie',
  lastName: 'Laurent',
  fullName: 'Sophie Laurent',
  username: 'manager',
  email: 'sophie.laurent@example.com',
  photo: null,
  roles,
  type: null,
  userNewMessage: 0,
  personalAddress: { address: null, complement: null, postCode: null, city: null, phone: null, mobile: null },
  parentFirstName: null,
  parentLastName: null,
  impersonator,
});

const MANAGER = user(50, ['ROLE_LEA_USER']);
const ADMIN = user(60, ['ROLE_LEA_ADMIN', 'ROLE_LEA_USER']);

function renderCard(currentTriad: Triad, currentUser: User) {
  saveTokens({ token: 'original-token', refreshToken: 'original-refresh' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserKey, currentUser);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/home', element: <TriadMembersCard triad={currentTriad} /> },
      { path: '/login/switch', element: <p>switching</p> },
    ],
    { initialEntries: ['/dashboard/home'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const switchButtons = () =>
  screen.queryAllByRole('button', { name: /^Se connecter en tant que/ }).map((button) => button.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('TriadMembersCard impersonation buttons', () => {
  it('offers a course manager the apprentice, tutor and master, not the company manager', () => {
    renderCard(triad([4]), MANAGER);
    expect(switchButtons()).toEqual([
      'Se connecter en tant que Lucas Martin',
      'Se connecter en tant que Julien Bernard',
      'Se connecter en tant que Nathalie Dubois',
    ]);
  });

  it('offers the secondary users in the list that opens from their count', async () => {
    renderCard(triad([4]), MANAGER);
    fireEvent.click(screen.getByRole('button', { name: '1 utilisateur secondaire' }));
    expect(await screen.findByRole('button', { name: 'Se connecter en tant que Catherine Martin' })).toBeTruthy();
  });

  it('offers an administrator the members even without a profile in the triad', () => {
    renderCard(triad([]), ADMIN);
    expect(switchButtons()).toHaveLength(3);
  });

  it('never offers the signed-in user themselves', () => {
    renderCard(triad([2, 4]), { ...MANAGER, id: 2 });
    expect(switchButtons()).toEqual(['Se connecter en tant que Lucas Martin', 'Se connecter en tant que Nathalie Dubois']);
  });

  it('shows nothing to triad members', () => {
    renderCard(triad([1]), { ...MANAGER, id: 1 });
    expect(switchButtons()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Lucas Martin' })).toBeTruthy();
  });

  it('shows nothing while already impersonating', () => {
    writeSession('impersonatorToken', 'saved');
    renderCard(triad([4]), MANAGER);
    expect(switchButtons()).toEqual([]);
  });

  it('shows nothing to a session the server says is switched', () => {
    renderCard(triad([4]), user(50, ['ROLE_LEA_USER'], { id: 60, fullName: 'Claire Morel' }));
    expect(switchButtons()).toEqual([]);
  });

  it('switches through the managers’ call, keeps the original tokens and arrives through loginSwitch', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ token: 'target-token', refreshToken: 'target-refresh' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderCard(triad([4]), MANAGER);
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter en tant que Lucas Martin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/switch'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/(fr|en)\/app\/user\/lea-manager\/switch\/1$/);
    expect(new URLSearchParams(router.state.location.search).get('token')).toBe('target-token');
    expect(new URLSearchParams(router.state.location.search).get('refreshToken')).toBe('target-refresh');
    expect(readSession('impersonatorToken')).toBe('original-token');
    expect(readSession('impersonatorRefreshToken')).toBe('original-refresh');
  });

  it('uses the administrators’ call for an administrator and shows a refusal in a red notice', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ code: 403, message: 'Accès interdit' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderCard(triad([4]), ADMIN);
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter en tant que Nathalie Dubois' }));
    expect(await screen.findByText('Accès interdit')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/(fr|en)\/app\/user\/switch\/3$/);
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(readSession('impersonatorToken')).toBeNull();
  });
});
