import { createHmac, createSecretKey } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt.js';

const secret = createSecretKey(Buffer.from('a-test-secret-of-enough-length-0123456789'));
const claims = { sub: '7', username: 'apprenti', roles: ['ROLE_LEA_USER'], platform: 1 };
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token built by hand, to try what this server never signs. */
function handMade(header: object, payload: object, key: Buffer | null): string {
  const body = `${encode(header)}.${encode(payload)}`;
  const signature = key ? createHmac('sha256', key).update(body).digest('base64url') : '';
  return `${body}.${signature}`;
}
const now = () => Math.floor(Date.now() / 1000);

describe('verifyAccessToken', () => {
  afterEach(() => vi.useRealTimers());

  it('remembers a verified token for its key only, and until it expires', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect(verifyAccessToken(token, secret).ok).toBe(true);
    expect(verifyAccessToken(token, secret)).toEqual({ ok: true, claims: expect.objectContaining(claims) });
    const other = createSecretKey(Buffer.from('another-secret-another-secret-another'));
    expect(verifyAccessToken(token, other)).toEqual({ ok: false, expired: false });
    vi.useFakeTimers({ now: Date.now() + 120_000 });
    expect(verifyAccessToken(token, secret)).toEqual({ ok: false, expired: true });
  });

  it('accepts what signAccessToken signs and returns its claims', async () => {
    const result = verifyAccessToken(await signAccessToken(claims, secret), secret);
    expect(result).toEqual({ ok: true, claims: expect.objectContaining(claims) });
  });

  it('reports an expired token as expired', async () => {
    expect(verifyAccessToken(await signAccessToken(claims, secret, -60), secret)).toEqual({ ok: false, expired: true });
  });

  it('refuses a token signed with another key', async () => {
    const other = createSecretKey(Buffer.from('another-secret-another-secret-another'));
    expect(verifyAccessToken(await signAccessToken(claims, other), secret)).toEqual({ ok: false, expired: false });
  });

  it('refuses alg none, other algorithms and a crit header', () => {
    const payload = { ...claims, exp: now() + 600 };
    const key = secret.export();
    expect(verifyAccessToken(handMade({ alg: 'none', typ: 'JWT' }, payload, null), secret).ok).toBe(false);
    expect(verifyAccessToken(handMade({ alg: 'HS512', typ: 'JWT' }, payload, key), secret).ok).toBe(false);
    expect(verifyAccessToken(handMade({ alg: 'HS256', typ: 'JWT', crit: ['b64'] }, payload, key), secret).ok).toBe(false);
    expect(verifyAccessToken(handMade({ alg: 'HS256', typ: 'JWT' }, payload, key), secret).ok).toBe(true);
  });

  it('refuses a payload changed after signing', async () => {
    const [header, , signature] = (await signAccessToken(claims, secret)).split('.');
    const forged = `${header}.${encode({ ...claims, roles: ['ROLE_LEA_ADMIN'], exp: now() + 600 })}.${signature}`;
    expect(verifyAccessToken(forged, secret)).toEqual({ ok: false, expired: false });
  });

  it('refuses malformed tokens, a token without exp and claims of the wrong shape', () => {
    const key = secret.export();
    for (const token of ['', 'a.b', 'a.b.c.d', '!!!.###.$$$']) expect(verifyAccessToken(token, secret).ok).toBe(false);
    expect(verifyAccessToken(handMade({ alg: 'HS256' }, claims, key), secret).ok).toBe(false);
    expect(verifyAccessToken(handMade({ alg: 'HS256' }, { sub: 7, exp: now() + 600 }, key), secret).ok).toBe(false);
  });
});
