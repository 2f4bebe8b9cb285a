import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderAuth, mockFetch } from '../test-utils';
import { ConfirmEmail } from './confirm-email';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConfirmEmail', () => {
  it('confirms the link once, without a bearer, and shows the new address', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { success: true, email: 'lea@new.example.org' } }));
    renderAuth(<ConfirmEmail token="abc-123" />);
    expect(await screen.findByText(/lea@new\.example\.org/)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/^\/api\/(fr|en)\/app\/user\/confirm-email\/abc-123$/);
    expect(calls[0]!.init?.method).toBe('POST');
    expect(new Headers(calls[0]!.init?.headers).has('Authorization')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Se connecter|Sign in/ }));
    expect(await screen.findByText('login-page')).toBeTruthy();
  });

  it('says in English when the link is no longer valid', async () => {
    mockFetch(() => ({ status: 404, body: { code: 404, message: 'expired' } }));
    renderAuth(<ConfirmEmail token="old" />, { language: 'en' });
    expect(await screen.findByText(/This confirmation link is no longer valid/)).toBeTruthy();
  });
});
