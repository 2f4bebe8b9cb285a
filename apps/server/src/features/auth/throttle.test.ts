import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { loginThrottle } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('login throttling', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      env: { LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '5', LOGIN_THROTTLE_WINDOW_SECONDS: '900' },
    });
  });
  afterAll(async () => {
    await test.close();
  });

  const attempt = (username: string, password: string, remoteAddress: string) =>
    test.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, remoteAddress });

  it('locks a username after too many failures, with Retry-After, whatever the address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt('tuteur', 'Wrong-Password-1', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await attempt('tuteur', 'Demo-Lea-2026!', '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, message: MESSAGES.tooManyAttempts });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another username from another address is not affected.
    expect((await attempt('maitre', 'Demo-Lea-2026!', '10.2.0.1')).statusCode).toBe(200);
  });

  it('lets the username in again once the lock has ended', async () => {
    await test.app.ctx.db.update(loginThrottle).set({ lockedUntil: new Date(Date.now() - 1000), windowStart: new Date(Date.now() - 901_000) }).where(eq(loginThrottle.key, 'user:tuteur'));
    expect((await attempt('tuteur', 'Demo-Lea-2026!', '10.1.0.9')).statusCode).toBe(200);
  });

  it('resets the username counter on success', async () => {
    for (let i = 0; i < 2; i += 1) expect((await attempt('apprenti', 'Wrong-Password-1', '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt('Apprenti', 'Demo-Lea-2026!', '10.3.0.2')).statusCode).toBe(200);
    const rows = await test.app.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'user:apprenti'));
    expect(rows).toHaveLength(0);
    for (let i = 0; i < 2; i += 1) expect((await attempt('apprenti', 'Wrong-Password-1', '10.3.0.3')).statusCode).toBe(401);
    expect((await attempt('apprenti', 'Demo-Lea-2026!', '10.3.0.4')).statusCode).toBe(200);
  });

  it('locks an address that tries many usernames, and only that address', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt(`guess${i}`, 'Wrong-Password-1', '10.4.0.1')).statusCode).toBe(401);
    const locked = await attempt('manager', 'Demo-Lea-2026!', '10.4.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('manager', 'Demo-Lea-2026!', '10.4.0.2')).statusCode).toBe(200);
  });
});
