import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { loginThrottle } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const WRONG = 'Wrong-Password-1';
const RIGHT = 'Demo-Lea-2026!';

describe('login throttling', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      env: {
        LOGIN_FREE_FAILURES: '3',
        LOGIN_FREE_FAILURES_PER_USER: '6',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '10',
        LOGIN_MAX_DELAY_SECONDS: '900',
      },
    });
  });
  afterAll(async () => {
    await test.close();
  });

  const attempt = (username: string, password: string, remoteAddress: string) =>
    test.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, remoteAddress });
  const row = async (key: string) => (await test.app.ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0];
  /** The lock a failure set, in seconds: both instants come from the same failure. */
  const delayOf = async (key: string) => {
    const counter = await row(key);
    return counter?.lockedUntil ? (counter.lockedUntil.getTime() - counter.windowStart.getTime()) / 1000 : null;
  };
  /** Ends a lock as if its time had passed, keeping the count. */
  const endLock = (key: string) =>
    test.app.ctx.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottle.key, key));

  it('delays one username from one address after three failures, with Retry-After, while its owner signs in from elsewhere', async () => {
    for (let i = 0; i < 4; i += 1) expect((await attempt('tuteur', WRONG, '10.1.0.1')).statusCode).toBe(401);
    const delayed = await attempt('tuteur', RIGHT, '10.1.0.1');
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json()).toEqual({ code: 429, message: MESSAGES.tooManyAttempts });
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner, from home, is not locked out by the attacker's address.
    expect((await attempt('tuteur', RIGHT, '10.1.0.2')).statusCode).toBe(200);
    // Nor is another user behind the attacker's address.
    expect((await attempt('maitre', RIGHT, '10.1.0.1')).statusCode).toBe(200);
  });

  it('doubles the delay with each further failure, up to the cap, and forgets it on success', async () => {
    const key = 'pair:10.2.0.1|apprenti';
    const delays: (number | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      expect((await attempt('apprenti', WRONG, '10.2.0.1')).statusCode).toBe(401);
      delays.push(await delayOf(key));
      await endLock(key);
    }
    expect(delays).toEqual([null, null, null, 1, 2, 4]);
    await test.app.ctx.db.update(loginThrottle).set({ failures: 40 }).where(eq(loginThrottle.key, key));
    expect((await attempt('apprenti', WRONG, '10.2.0.1')).statusCode).toBe(401);
    expect(await delayOf(key)).toBe(900);
    // Waiting out the longest delay does not start the count afresh: only a quiet window after it does.
    const longAgo = new Date(Date.now() - 901_000);
    await test.app.ctx.db
      .update(loginThrottle)
      .set({ windowStart: longAgo, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottle.key, key));
    await endLock('user:apprenti');
    expect((await attempt('apprenti', WRONG, '10.2.0.1')).statusCode).toBe(401);
    expect(await delayOf(key)).toBe(900);
    await endLock(key);
    // Eight failures in all also passed the username's own ceiling (six here).
    await endLock('user:apprenti');
    expect((await attempt('Apprenti', RIGHT, '10.2.0.1')).statusCode).toBe(200);
    expect(await row(key)).toBeUndefined();
  });

  it('counts a username from every address and slows it past its own ceiling', async () => {
    await test.app.ctx.db.delete(loginThrottle);
    for (let i = 0; i < 6; i += 1) expect((await attempt('maitre2', WRONG, `10.3.0.${i}`)).statusCode).toBe(401);
    expect(await delayOf('user:maitre2')).toBeNull();
    expect((await attempt('maitre2', WRONG, '10.3.0.6')).statusCode).toBe(401);
    expect(await delayOf('user:maitre2')).toBe(1);
    expect((await attempt('maitre2', RIGHT, '10.3.0.99')).statusCode).toBe(429);
  });

  it('locks an address that fails on many usernames only at its generous ceiling, and only that address', async () => {
    await test.app.ctx.db.delete(loginThrottle);
    for (let i = 0; i < 9; i += 1) expect((await attempt(`guess${i}`, WRONG, '10.4.0.1')).statusCode).toBe(401);
    // Below the ceiling, the people behind that address still sign in.
    expect((await attempt('manager', RIGHT, '10.4.0.1')).statusCode).toBe(200);
    expect((await attempt('guess9', WRONG, '10.4.0.1')).statusCode).toBe(401);
    const locked = await attempt('manager', RIGHT, '10.4.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('manager', RIGHT, '10.4.0.2')).statusCode).toBe(200);
  });
});

describe('login throttling behind a proxy', () => {
  const tries = async (test: TestApp, remoteAddress: string, forwardedFor: (i: number) => string) => {
    for (let i = 0; i < 4; i += 1) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: 'tuteur', password: WRONG },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      expect(response.statusCode).toBe(401);
    }
    return test.app.ctx.db
      .select({ key: loginThrottle.key, failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(like(loginThrottle.key, 'pair:%'));
  };

  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    const test = await createTestApp({ seed: true, env: { TRUST_PROXY: '10.9.0.1, 10.8.0.0/16' } });
    try {
      expect(await tries(test, '10.5.0.1', (i) => `203.0.113.${i}`)).toEqual([{ key: 'pair:10.5.0.1|tuteur', failures: 4 }]);
      // Through a configured proxy, the client's address is the one the proxy appended.
      await test.app.ctx.db.delete(loginThrottle);
      expect(await tries(test, '10.8.3.4', (i) => `203.0.113.${i}, 198.51.100.7`)).toEqual([
        { key: 'pair:198.51.100.7|tuteur', failures: 4 },
      ]);
    } finally {
      await test.close();
    }
  });

  it('trusts only the configured number of hops', async () => {
    const test = await createTestApp({ seed: true, env: { TRUST_PROXY: '1' } });
    try {
      // The client forges a first hop; the one proxy in front appends the real address.
      expect(await tries(test, '10.9.0.1', (i) => `203.0.113.${i}, 198.51.100.7`)).toEqual([
        { key: 'pair:198.51.100.7|tuteur', failures: 4 },
      ]);
    } finally {
      await test.close();
    }
  });
});
