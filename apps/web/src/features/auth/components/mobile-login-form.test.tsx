import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { readLocal } from '../../../shell/session';
import { renderAuth, mockFetch } from '../test-utils';
import { MobileLoginForm } from './mobile-login-form';

const websites = [
  { id: 1, name: 'CFA Nord', hostname: 'nord.example.org' },
  { id: 2, name: 'CFA Sud', hostname: 'sud.example.org' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('MobileLoginForm', () => {
  it('asks for the username, then the platform, then the password', async () => {
    const calls = mockFetch((url) =>
      url.includes('websites')
        ? { status: 200, body: { username: 'apprenti', websites } }
        : { status: 200, body: { success: true, token: 'access', refresh_token: 'refresh' } },
    );
    const onAuthenticated = vi.fn(async () => {});
    renderAuth(<MobileLoginForm onAuthenticated={onAuthenticated} />);

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/nom d'utilisateur/i), { target: { value: 'apprenti' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    const platform = await screen.findByRole('combobox', { name: 'Plateforme' });
    expect(calls[0]?.url).toMatch(/\/api\/(fr|en)\/api\/ufauser\/websites\?username=apprenti$/);
    expect(screen.queryByLabelText(/^mot de passe/i)).toBeNull();

    fireEvent.change(platform, { target: { value: '2' } });
    expect(readLocal('platformName')).toBe('CFA Sud');

    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/^mot de passe/i), { target: { value: 'Demo-Lea-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(onAuthenticated).toHaveBeenCalledWith({ token: 'access', refreshToken: 'refresh' }, true));
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ username: 'apprenti', password: 'Demo-Lea-2026!', stayConnected: true });
  });

  it('goes straight to the password when the user has one platform', async () => {
    mockFetch(() => ({ status: 200, body: { username: 'apprenti', websites: websites.slice(0, 1) } }));
    renderAuth(<MobileLoginForm onAuthenticated={vi.fn()} />, { language: 'en' });
    fireEvent.change(screen.getByLabelText(/username/i), { target: { value: 'apprenti' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/^password/i)).toBeTruthy();
    expect(screen.queryByLabelText('Platform')).toBeNull();
    expect(readLocal('platformName')).toBe('CFA Nord');
  });
});
