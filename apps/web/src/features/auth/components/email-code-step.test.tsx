import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAuth, mockFetch } from '../test-utils';
import { EmailCodeStep } from './email-code-step';

afterEach(() => {
  vi.unstubAllGlobals();
});

const typeCode = (code: string, label = (position: number) => `Chiffre ${position} sur 6`) =>
  [...code].forEach((digit, index) => fireEvent.change(screen.getByLabelText(label(index + 1)), { target: { value: digit } }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

describe('EmailCodeStep', () => {
  it('asks for the six digits before sending anything', async () => {
    const calls = mockFetch(() => ({ status: 200, body: {} }));
    renderAuth(<EmailCodeStep username="maitre" onAuthenticated={vi.fn()} onResend={vi.fn()} onRestart={vi.fn()} />);
    typeCode('12');
    submit();
    expect((await screen.findByText('Saisissez les 6 chiffres du code')).getAttribute('role')).toBe('alert');
    expect(calls).toHaveLength(0);
  });

  it('sends the name and the code, and starts the session with the pair', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { success: true, token: 'a.b.c', refresh_token: 'r' } }));
    const onAuthenticated = vi.fn().mockResolvedValue(undefined);
    renderAuth(<EmailCodeStep username="maitre" onAuthenticated={onAuthenticated} onResend={vi.fn()} onRestart={vi.fn()} />);
    typeCode('123456');
    submit();
    await waitFor(() => expect(onAuthenticated).toHaveBeenCalledWith({ token: 'a.b.c', refreshToken: 'r' }, false));
    expect(calls[0]?.url).toMatch(/^\/api\/(fr|en)\/app\/user\/email-sign-in\/code$/);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: 'maitre', code: '123456', stayConnected: false });
  });

  it('says a refused code in words, in English too', async () => {
    mockFetch(() => ({ status: 401, body: { code: 401, message: 'Wrong or expired code', success: false } }));
    renderAuth(<EmailCodeStep username="maitre" onAuthenticated={vi.fn()} onResend={vi.fn()} onRestart={vi.fn()} />, { language: 'en' });
    typeCode('654321', (position) => `Digit ${position} of 6`);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong or expired code');
  });
});
