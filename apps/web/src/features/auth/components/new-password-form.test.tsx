import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@lea/shared';
import { renderAuth, mockFetch } from '../test-utils';
import { NewPasswordForm } from './new-password-form';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /confirmer|confirm/i }));
const STRONG = 'Nouveau-Mot2Passe!';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NewPasswordForm', () => {
  it('requires both fields and makes no call', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { hasError: false } }));
    renderAuth(<NewPasswordForm hash="abc" />);
    submit();
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('applies the strength rule and the equal confirmation', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { hasError: false } }));
    renderAuth(<NewPasswordForm hash="abc" />);
    fill(/^nouveau mot de passe/i, 'court');
    fill(/^confirmation/i, 'court');
    submit();
    expect(await screen.findAllByText(MESSAGES.password)).toHaveLength(2);
    fill(/^nouveau mot de passe/i, STRONG);
    await waitFor(() => expect(screen.getByText(MESSAGES.passwordMismatch)).toBeTruthy());
    expect(screen.queryByText(MESSAGES.password)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the English messages in English', async () => {
    mockFetch(() => ({ status: 200, body: { hasError: false } }));
    renderAuth(<NewPasswordForm hash="abc" />, { language: 'en' });
    fill(/^new password/i, STRONG);
    fill(/^confirm the password/i, `${STRONG}x`);
    submit();
    expect(await screen.findByText('The two passwords must be identical')).toBeTruthy();
  });

  it('sends the password to the reset link and goes to Login', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { hasError: false } }));
    renderAuth(<NewPasswordForm hash="abc" />);
    fill(/^nouveau mot de passe/i, STRONG);
    fill(/^confirmation/i, STRONG);
    submit();
    expect(await screen.findByText('login-page')).toBeTruthy();
    expect(calls[0]?.url).toMatch(/^\/api\/(fr|en)\/app\/user\/reset-password\/abc$/);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ password: STRONG });
    expect(await screen.findByText(/Votre mot de passe a bien été modifié/)).toBeTruthy();
  });

  it('says when the link has expired and offers to ask again', async () => {
    mockFetch(() => ({ status: 200, body: { hasError: true, message: 'reset_link_expired' } }));
    renderAuth(<NewPasswordForm hash="old" />);
    fill(/^nouveau mot de passe/i, STRONG);
    fill(/^confirmation/i, STRONG);
    submit();
    expect(await screen.findByText('Ce lien de réinitialisation a expiré.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Demander un nouveau lien' })).toBeTruthy();
    expect(screen.queryByText('login-page')).toBeNull();
  });

  it('puts the server field errors on the field', async () => {
    mockFetch(() => ({ status: 200, body: { hasError: true, errors: [{ field: 'password', message: MESSAGES.passwordCommon }] } }));
    renderAuth(<NewPasswordForm hash="abc" />);
    fill(/^nouveau mot de passe/i, STRONG);
    fill(/^confirmation/i, STRONG);
    submit();
    expect(await screen.findByText(MESSAGES.passwordCommon)).toBeTruthy();
  });
});
