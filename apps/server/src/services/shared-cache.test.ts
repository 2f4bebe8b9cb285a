import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { bearer, loginAs } from '../test/login.js';
import { eventually, openSecondProcess, type SecondProcess } from '../test/second-process.js';

/** Decision 033: caches that every server process forgets when a write says so. */
describe('shared caches', () => {
  let test: TestApp;
  let second: SecondProcess | null = null;

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.ctx.cache.ready();
    second = await openSecondProcess(test);
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  it('reads an entry once for concurrent callers, and again after a change', async () => {
    const cache = test.app.ctx.cache.cache<number>('courseMenu', 10);
    let loads = 0;
    const load = async () => ++loads;
    const [first, again] = await Promise.all([cache.get(-1, load), cache.get(-1, load)]);
    expect([first, again, loads]).toEqual([1, 1, 1]);
    expect(await cache.get(-1, load)).toBe(1);
    await test.app.ctx.cache.changed('courseMenu', -1);
    expect(await cache.get(-1, load)).toBe(2);
  });

  it('does not keep what was read while a change happened', async () => {
    const bus = test.app.ctx.cache;
    const cache = bus.cache<string>('courseMenu', 10);
    let release!: () => void;
    const slow = cache.get(-2, () => new Promise<string>((resolve) => (release = () => resolve('before'))));
    await bus.changed('courseMenu', -2);
    release();
    expect(await slow).toBe('before');
    expect(await cache.get(-2, async () => 'after')).toBe('after');
  });

  it('holds at most its bound, and forgets a failed read', async () => {
    const cache = test.app.ctx.cache.cache<number>('courseMenu', 10);
    for (let key = 100; key < 130; key++) await cache.get(key, async () => key);
    expect(cache.size()).toBeLessThanOrEqual(10);
    await expect(cache.get(-3, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(-3, async () => 3)).toBe(3);
  });

  it('ends a session at once on this process after a logout', async () => {
    const session = await loginAs(test.app, 'tuteur');
    const me = () => test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: bearer(session.token) });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const logout = await test.app.inject({ method: 'POST', url: '/api/token/revoke', payload: { refresh_token: session.refreshToken } });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await me()).statusCode).toBe(401);
  });

  it('ends a session on another server process after a logout (PostgreSQL LISTEN/NOTIFY)', async () => {
    if (!second) return expect(test.engine).toBe('pglite');
    const other = second.app;
    const session = await loginAs(test.app, 'maitre');
    const me = () => other.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: bearer(session.token) });
    // The second process has checked the session, and remembers it is live.
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const logout = await test.app.inject({ method: 'POST', url: '/api/token/revoke', payload: { refresh_token: session.refreshToken } });
    expect(logout.statusCode).toBeLessThan(300);
    await eventually(async () => (await me()).statusCode === 401);
  });
});
