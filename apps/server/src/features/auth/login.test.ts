import { SignJWT } from 'jose';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms, refreshTokens, userPlatforms, users } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/jwt.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { hashPassword } from '../../services/password-hash.js';
import { bearer, loginAs } from '../../test/login.js';
import { hashToken } from '../../services/session-tokens.js';

const DAY = 24 * 3600 * 1000;

describe('login and tokens', () => {
  let test: TestApp;
  let platformId: number;
  beforeAll(async () => {
    test = await createTestApp();
    const [platform] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = platform!.id;
  });
  afterAll(async () => {
    await test.close();
  });

  const post = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
    test.app.inject({ method: 'POST', url, payload, remoteAddress });
  const me = (token: string) => test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: bearer(token) });
  const refresh = (refreshToken: string) => post('/api/token/refresh', { refresh_token: refreshToken });
  const rowOf = async (refreshToken: string) => {
    const [row] = await test.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    return row!;
  };

  it('signs in with the right password and answers both refresh token names', async () => {
    const response = await post('/api/login_check', { username: 'apprenti', password: 'Demo-Lea-2026!' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.refresh_token).toBe(body.refreshToken);
    expect((await me(body.token)).json().username).toBe('apprenti');
    const [user] = await test.app.ctx.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.username, 'apprenti'));
    expect(user!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('accepts the username in another case', async () => {
    const response = await post('/api/login_check', { username: 'Apprenti', password: 'Demo-Lea-2026!' });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown user, an inactive one and one of another platform', async () => {
    const db = test.app.ctx.db;
    const passwordHash = await hashPassword('Demo-Lea-2026!');
    const [other] = await db.insert(platforms).values({ hostname: 'other.example.org', name: 'Autre CFA' }).returning({ id: platforms.id });
    const [outsider] = await db
      .insert(users)
      .values({ username: 'outsider', email: 'outsider@example.org', firstName: 'Out', lastName: 'Sider', passwordHash })
      .returning({ id: users.id });
    await db.insert(userPlatforms).values({ userId: outsider!.id, platformId: other!.id });
    await db.update(users).set({ active: false }).where(eq(users.username, 'parent'));

    const attempts = [
      { username: 'tuteur', password: 'Wrong-Password-1' },
      { username: 'nobody-here', password: 'Demo-Lea-2026!' },
      { username: 'parent', password: 'Demo-Lea-2026!' },
      { username: 'outsider', password: 'Demo-Lea-2026!' },
    ];
    for (const attempt of attempts) {
      const response = await post('/api/login_check', attempt);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: 'Bad credentials', success: false });
    }
    // The outsider does sign in on its own platform.
    const own = await test.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { host: 'other.example.org' },
      payload: { username: 'outsider', password: 'Demo-Lea-2026!' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses an empty username with a 400', async () => {
    const response = await post('/api/login_check', { username: '', password: 'x' });
    expect(response.statusCode).toBe(400);
  });

  it('answers "Expired JWT Token" for an expired access token', async () => {
    const [user] = await test.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'tuteur'));
    const token = await signAccessToken(
      { sub: String(user!.id), username: 'tuteur', roles: ['ROLE_LEA_USER'], platform: platformId },
      test.app.ctx.config.jwtSecret,
      -10,
    );
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: 'Expired JWT Token' });
  });

  it('refuses a token signed with another secret or with alg none', async () => {
    const claims = { sub: '1', username: 'admin', roles: ['ROLE_LEA_ADMIN'], platform: platformId };
    const otherSecret = await signAccessToken(claims, new TextEncoder().encode('another-secret-another-secret-42'));
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const hs512 = await new SignJWT({ ...claims, sub: undefined })
      .setSubject('1')
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('10m')
      .sign(test.app.ctx.config.jwtSecret);
    for (const token of [otherSecret, unsigned, hs512]) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid JWT Token');
    }
  });

  it('rotates the refresh token on every use, keeping the family and its expiry', async () => {
    const first = await loginAs(test.app, 'maitre', { stayConnected: true });
    const firstRow = await rowOf(first.refreshToken);
    expect(firstRow.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY);

    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json() as { token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refreshToken);
    expect((await me(second.token)).json().username).toBe('maitre');

    const secondRow = await rowOf(second.refresh_token);
    expect(secondRow.familyId).toBe(firstRow.familyId);
    expect(secondRow.expiresAt.getTime()).toBe(firstRow.expiresAt.getTime());
    const usedRow = await rowOf(first.refreshToken);
    expect(usedRow.usedAt).toBeInstanceOf(Date);
    expect(usedRow.replacedById).toBe(secondRow.id);
  });

  it('gives a session-length family without stay-connected, and refuses it once expired', async () => {
    const tokens = await loginAs(test.app, 'maitre2');
    const row = await rowOf(tokens.refreshToken);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);

    await test.app.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.id, row.id));
    const response = await refresh(tokens.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: 'Invalid JWT Refresh Token' });
  });

  it('refuses an unknown refresh token', async () => {
    const response = await refresh('not-a-token-we-issued');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid JWT Refresh Token');
  });

  it('revokes the whole family when a used token comes back after the grace period', async () => {
    const first = await loginAs(test.app, 'apprenti2');
    const second = (await refresh(first.refreshToken)).json() as { refresh_token: string };
    const firstRow = await rowOf(first.refreshToken);
    await test.app.ctx.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.id, firstRow.id));

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: 401, message: 'Invalid JWT Refresh Token' });
    const live = await test.app.ctx.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, firstRow.familyId), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(0);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('revokes a session on request (logout): its family can no longer be refreshed, other sessions stay', async () => {
    const ended = await loginAs(test.app, 'apprenti3');
    const other = await loginAs(test.app, 'apprenti3');
    const rotated = (await refresh(ended.refreshToken)).json() as { refresh_token: string };
    const revoke = await post('/api/token/revoke', { refresh_token: rotated.refresh_token });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ success: true });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await refresh(ended.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    // The access tokens of the ended session stop at once, not when they expire; the other session's still work.
    const revoked = await me(ended.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ code: 401, message: 'Invalid JWT Token' });
    expect((await me(other.token)).statusCode).toBe(200);
    // An unknown token is answered the same and changes nothing.
    expect((await post('/api/token/revoke', { refresh_token: 'not-a-token-we-issued' })).json()).toEqual({ success: true });
  });

  it('answers both of two concurrent refreshes of one token (two tabs) within the family', async () => {
    const tokens = await loginAs(test.app, 'apprenti3');
    const [a, b] = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const pairA = a.json() as { refresh_token: string };
    const pairB = b.json() as { refresh_token: string };
    expect(pairA.refresh_token).not.toBe(pairB.refresh_token);
    const family = (await rowOf(tokens.refreshToken)).familyId;
    expect((await rowOf(pairA.refresh_token)).familyId).toBe(family);
    expect((await rowOf(pairB.refresh_token)).familyId).toBe(family);
    // Both new tokens rotate normally afterwards.
    expect((await refresh(pairA.refresh_token)).statusCode).toBe(200);
    expect((await refresh(pairB.refresh_token)).statusCode).toBe(200);
  });

  it('refuses a refresh token on another platform', async () => {
    const tokens = await loginAs(test.app, 'apprenti4');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      headers: { host: 'other.example.org' },
      payload: { refresh_token: tokens.refreshToken },
    });
    expect(response.statusCode).toBe(401);
  });

  it('checks usernames and lists websites without a bearer', async () => {
    const check = (username: string) => test.app.inject({ method: 'GET', url: `/api/fr/ufauser/check_username?username=${username}` });
    expect((await check('tuteur')).json()).toEqual({ exists: true });
    expect((await check('nobody-at-all')).json()).toEqual({ exists: false });
    const websites = await test.app.inject({ method: 'GET', url: '/api/en/api/ufauser/websites?username=tuteur' });
    expect(websites.statusCode).toBe(200);
    expect(websites.json()).toEqual({
      username: 'tuteur',
      websites: [{ id: platformId, name: expect.any(String), hostname: 'localhost' }],
    });
    const unknown = await test.app.inject({ method: 'GET', url: '/api/en/api/ufauser/websites?username=nobody-at-all' });
    expect(unknown.json()).toEqual({ username: 'nobody-at-all', websites: [] });
  });
});
