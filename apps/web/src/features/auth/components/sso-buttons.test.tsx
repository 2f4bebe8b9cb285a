import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAuth, mockFetch } from '../test-utils';
import { SsoButtons } from './sso-buttons';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('SsoButtons', () => {
  it('offers one button per provider, linking to the server start of the sign-in', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { providers: [{ id: 7, label: 'Entra ID' }] } }));
    renderAuth(<SsoButtons />);
    const button = await screen.findByRole('link', { name: 'Se connecter avec Entra ID' });
    expect(button.getAttribute('href')).toMatch(/^\/api\/(fr|en)\/sso\/7\/start$/);
    expect(calls[0]!.url).toMatch(/^\/api\/(fr|en)\/sso\/providers$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing without providers, and the neutral failure message after a failed single sign-on', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { providers: [] } }));
    const first = renderAuth(<SsoButtons />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();
    // The page's address: the login opened first reads it without the app's router.
    window.history.replaceState(null, '', '/login?sso=failed');
    renderAuth(<SsoButtons />, { language: 'en' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Single sign-on did not succeed/);
  });
});
