import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '@lea/shared';
import { platforms, userPlatforms, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe("the mobile login's lookups and the reset request", () => {
  let test: TestApp;
  let otherId: number;
  beforeAll(async () => {
    test = await createTestApp({ env: { LOOKUP_MAX_PER_ADDRESS: '6' } });
    const db = test.app.ctx.db;
    const [other] = await db.insert(platforms).values({ hostname: 'other.example.org', name: 'Autre CFA' }).returning({ id: platforms.id });
    otherId = other!.id;
    const [outsider] = await db
      .insert(users)
      .values({ username: 'outsider', email: 'outsider@example.org', firstName: 'Out', lastName: 'Sider' })
      .returning({ id: users.id });
    await db.insert(userPlatforms).values({ userId: outsider!.id, platformId: otherId });
  });
  afterAll(async () => {
    await test.close();
  });

  const get = (url: string, remoteAddress: string, host = 'localhost') =>
    test.app.inject({ method: 'GET', url, remoteAddress, headers: { host } });
  const check = (username: string, remoteAddress: string, host?: string) =>
    get(`/api/fr/ufauser/check_username?username=${username}`, remoteAddress, host);
  const websites = (username: string, remoteAddress: string, host?: string) =>
    get(`/api/en/api/ufauser/websites?username=${username}`, remoteAddress, host);

  it("answers for the request's platform only", async () => {
    expect((await check('outsider', '10.6.0.1')).json()).toEqual({ exists: false });
    expect((await websites('outsider', '10.6.0.1')).json()).toEqual({ username: 'outsider', websites: [] });
    expect((await check('outsider', '10.6.0.1', 'other.example.org')).json()).toEqual({ exists: true });
    expect((await websites('Outsider', '10.6.0.1', 'other.example.org')).json()).toEqual({
      username: 'Outsider',
      websites: [{ id: otherId, name: 'Autre CFA', hostname: 'other.example.org' }],
    });
    // A member of this platform is not disclosed on the other one.
    expect((await check('tuteur', '10.6.0.2', 'other.example.org')).json()).toEqual({ exists: false });
  });

  it('limits the lookups and reset requests of one address, with Retry-After, and only that address', async () => {
    const address = '10.7.0.1';
    const calls = [
      () => check('tuteur', address),
      () => websites('tuteur', address),
      () =>
        test.app.inject({
          method: 'POST',
          url: '/api/fr/app/user/ask-reset-password',
          payload: { username: 'nobody-here' },
          remoteAddress: address,
        }),
    ];
    for (let i = 0; i < 6; i += 1) expect((await calls[i % 3]!()).statusCode).toBe(200);
    // The websites lookup is asked on /api/en: its refusal is in English, the others in French.
    for (const [call, locale] of [
      [calls[0]!, 'fr'],
      [calls[1]!, 'en'],
      [calls[2]!, 'fr'],
    ] as const) {
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, message: messagesFor(locale).tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await check('tuteur', '10.7.0.2')).json()).toEqual({ exists: true });
  });
});
