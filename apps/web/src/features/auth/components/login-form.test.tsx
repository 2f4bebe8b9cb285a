import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAuth, mockFetch } from '../test-utils';
import { LoginForm } from './login-form';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /se connecter|log in/i }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('requires both fields on submit and makes no call', async () => {
    const calls = mockFetch(() => ({ status: 200, body: {} }));
    renderAuth(<LoginForm onAuthenticated={vi.fn()} />);
    submit();
    expect(await screen.findAllByText('Ce champ est obligatoire')).toHaveLength(2);
    fill(/nom d'utilisateur/i, 'apprenti');
    submit();
    await waitFor(() => expect(screen.getAllByText('Ce champ est obligatoire')).toHaveLength(1));
    expect(calls).toHaveLength(0);
  });

  it('answers to the labels the end-to-end login helper uses, in both languages', () => {
    mockFetch(() => ({ status: 200, body: {} }));
    for (const language of ['fr', 'en'] as const) {
      const { unmount } = renderAuth(<LoginForm onAuthenticated={vi.fn()} />, { language });
      expect(screen.getByLabelText(/nom d'utilisateur|username/i).tagName).toBe('INPUT');
      expect(screen.getByLabelText(/mot de passe|password/i).tagName).toBe('INPUT');
      expect(screen.getByRole('button', { name: /connexion|se connecter|log in|login/i })).toBeTruthy();
      unmount();
    }
  });

  it('checks a field on input', async () => {
    mockFetch(() => ({ status: 200, body: {} }));
    renderAuth(<LoginForm onAuthenticated={vi.fn()} />);
    fill(/nom d'utilisateur/i, 'a');
    expect(screen.queryByText('Ce champ est obligatoire')).toBeNull();
    fill(/nom d'utilisateur/i, '');
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
  });

  it('shows the bad-credentials message above the form', async () => {
    const calls = mockFetch(() => ({ status: 401, body: { code: 401, message: 'Bad credentials', success: false } }));
    const onAuthenticated = vi.fn();
    renderAuth(<LoginForm onAuthenticated={onAuthenticated} />);
    fill(/nom d'utilisateur/i, 'apprenti');
    fill(/^mot de passe/i, 'wrong');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Identifiants erronés');
    expect(calls[0]?.url).toBe('/api/login_check');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: 'apprenti', password: 'wrong', stayConnected: false });
    expect(onAuthenticated).not.toHaveBeenCalled();
  });

  it('points a person the platform keeps to e-mail sign-in to the code page', async () => {
    mockFetch(() => ({ status: 401, body: { code: 401, message: 'password_sign_in_not_allowed', success: false } }));
    renderAuth(<LoginForm onAuthenticated={vi.fn()} />);
    fill(/nom d'utilisateur/i, 'maitre');
    fill(/^mot de passe/i, 'Demo-Lea-2026!');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('la connexion se fait par un code reçu par e-mail');
    expect(screen.getByRole('link', { name: 'Recevoir un code par e-mail' }).getAttribute('href')).toBe('/login/email');
  });

  it("shows the server's message when throttled and a generic one on other failures", async () => {
    let status = 429;
    mockFetch(() => ({ status, body: { code: status, message: 'Trop de tentatives de connexion' } }));
    renderAuth(<LoginForm onAuthenticated={vi.fn()} />, { language: 'en' });
    fill(/username/i, 'apprenti');
    fill(/^password/i, 'secret');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Trop de tentatives de connexion');
    status = 500;
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Sign-in failed'));
  });

  it('hands the token pair and the stay-connected choice over on success', async () => {
    mockFetch(() => ({ status: 200, body: { success: true, token: 'access', refresh_token: 'refresh', refreshToken: 'refresh' } }));
    const onAuthenticated = vi.fn(async () => {});
    renderAuth(<LoginForm onAuthenticated={onAuthenticated} />);
    fill(/nom d'utilisateur/i, 'apprenti');
    fill(/^mot de passe/i, 'Demo-Lea-2026!');
    fireEvent.click(screen.getByLabelText('Rester connecté'));
    submit();
    await waitFor(() => expect(onAuthenticated).toHaveBeenCalledWith({ token: 'access', refreshToken: 'refresh' }, true));
  });
});
