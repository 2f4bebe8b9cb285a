import { createSecretKey } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  historyLog,
  oidcLogins,
  oidcProviders,
  platforms,
  refreshTokens,
  userIdentities,
  userPlatforms,
  users,
} from '../../db/schema/index.js';
import { CLIENT_SECRET_PURPOSE } from '../../services/oidc-issuer.js';
import { sealSecret } from '../../services/secret-box.js';
import { hashToken } from '../../services/session-tokens.js';
import { tokenFor } from '../../test/auth.js';
import { bearer } from '../../test/login.js';
import { followProvider, startTestOidcProvider, type TestAccount, type TestOidcProvider } from '../../test/oidc-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const OTHER_HOST = 'sso-ailleurs.example.org';

describe('single sign-on (OpenID Connect) against a real provider', () => {
  let test: TestApp;
  let idp: TestOidcProvider;
  let platformId: number;
  let otherPlatformId: number;
  let byEmail: number;
  let bySubject: number;
  const db = () => test.app.ctx.db;

  const addProvider = async (values: Partial<typeof oidcProviders.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(oidcProviders)
      .values({
        platformId,
        label: 'Test IdP',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: sealSecret(test.app.ctx.config.jwtSecret, CLIENT_SECRET_PURPOSE, idp.clientSecret),
        profiles: ['manager', 'tutor', 'apprentice_master'],
        matchBy: 'email',
        ...values,
      })
      .returning({ id: oidcProviders.id });
    return row!.id;
  };
  // A new address per call: the public sign-in calls are counted per address (the last test checks that).
  let calls = 0;
  const address = () => `10.9.${Math.floor(++calls / 250)}.${calls % 250}`;
  const get = (url: string, host = 'localhost', remoteAddress = address()) =>
    test.app.inject({ method: 'GET', url, headers: { host }, remoteAddress });
  const exchange = (ticket: string, host = 'localhost') =>
    test.app.inject({ method: 'POST', url: '/api/fr/sso/ticket', headers: { host }, payload: { ticket }, remoteAddress: address() });
  const emailOf = async (username: string) =>
    (await db().select({ email: users.email }).from(users).where(eq(users.username, username)))[0]!.email;
  const idOf = async (username: string) => (await db().select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  /** Starts at the provider, signs in there as `account` and comes back: the callback's URL (not yet called). */
  const throughProvider = async (providerId: number, account: TestAccount, host = 'localhost', target = '/dashboard') => {
    idp.signInAs(account);
    const start = await get(`/api/fr/sso/${providerId}/start?target=${encodeURIComponent(target)}`, host);
    expect(start.statusCode).toBe(302);
    return followProvider(String(start.headers.location), idp.issuer);
  };
  /** The whole way: the callback's answer (where the browser goes next). */
  const signIn = async (providerId: number, account: TestAccount, host = 'localhost') => {
    const callback = await throughProvider(providerId, account, host);
    expect(`${callback.origin}${callback.pathname}`).toBe(`http://${host}/api/sso/callback`);
    const answer = await get(`${callback.pathname}${callback.search}`, host);
    expect(answer.statusCode).toBe(302);
    return String(answer.headers.location);
  };
  const ticketOf = (location: string) => {
    expect(location).toMatch(/^\/login\/sso\?ticket=/);
    return decodeURIComponent(location.slice('/login/sso?ticket='.length));
  };

  beforeAll(async () => {
    test = await createTestApp();
    idp = await startTestOidcProvider({
      redirectUris: ['http://localhost/api/sso/callback', `http://${OTHER_HOST}/api/sso/callback`],
    });
    platformId = (await db().select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost')))[0]!.id;
    otherPlatformId = (await db().insert(platforms).values({ hostname: OTHER_HOST, name: 'Autre CFA' }).returning({ id: platforms.id }))[0]!
      .id;
    byEmail = await addProvider({ label: 'Par e-mail' });
    bySubject = await addProvider({ label: 'Par identifiant', matchBy: 'subject' });
  });
  afterAll(async () => {
    await idp?.close();
    await test?.close();
  });

  it('lists the active providers of the request platform only', async () => {
    await addProvider({ label: 'Inactif', active: false });
    await addProvider({ label: 'Ailleurs', platformId: otherPlatformId });
    const answer = await get('/api/en/sso/providers');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().providers).toEqual([
      { id: byEmail, label: 'Par e-mail' },
      { id: bySubject, label: 'Par identifiant' },
    ]);
  });

  it('signs a manager in by verified e-mail, links the identity once, logs it, and the session says sso', async () => {
    const email = await emailOf('manager');
    const managerId = await idOf('manager');
    const ticket = ticketOf(await signIn(byEmail, { sub: 'idp-manager-1', email: email.toUpperCase(), email_verified: true }));
    const answer = await exchange(ticket);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.target).toBe('/dashboard');
    expect(decodeJwt(body.token)).toMatchObject({ sub: String(managerId), amr: 'sso' });
    const me = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: bearer(body.token) });
    expect(me.json().username).toBe('manager');
    const [session] = await db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(body.refresh_token)));
    expect(session!.signInMethod).toBe('sso');
    const identities = await db().select().from(userIdentities).where(eq(userIdentities.userId, managerId));
    expect(identities).toMatchObject([{ providerId: byEmail, subject: 'idp-manager-1' }]);
    const lines = await db().select().from(historyLog).where(eq(historyLog.userId, managerId));
    expect(lines.filter((line) => line.action === 'user.sso-link')).toMatchObject([{ details: { provider: 'Par e-mail' } }]);
    expect(lines.filter((line) => line.action === 'user.login' && line.details?.method === 'sso')).toHaveLength(1);

    // The admin history tells both in words.
    const history = await test.app.inject({
      method: 'GET',
      url: `/api/fr/app/admin/history?user=${managerId}&limit=50`,
      headers: bearer(await tokenFor(test.app, 'admin')),
    });
    const labels = (history.json().data as { label: string }[]).map((line) => line.label);
    expect(labels).toContain('Connexion par authentification unique (Par e-mail)');
    expect(labels).toContain('Compte relié au fournisseur d’identité Par e-mail (première authentification unique)');

    // The ticket works once.
    expect((await exchange(ticket)).statusCode).toBe(401);
  });

  it('reuses the linked identity after the e-mail changed at the provider, and links nothing twice', async () => {
    const managerId = await idOf('manager');
    const ticket = ticketOf(await signIn(byEmail, { sub: 'idp-manager-1', email: 'new-address@idp.example', email_verified: false }));
    const body = (await exchange(ticket)).json();
    expect(decodeJwt(body.token).sub).toBe(String(managerId));
    const [identity] = await db().select().from(userIdentities).where(eq(userIdentities.userId, managerId));
    expect(identity!.email).toBe('new-address@idp.example');
    expect(identity!.lastUsedAt).toBeInstanceOf(Date);
    const links = await db()
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.userId, managerId), eq(historyLog.action, 'user.sso-link')));
    expect(links).toHaveLength(1);
  });

  it('refuses another subject of the same provider for an account already linked', async () => {
    const email = await emailOf('manager');
    expect(await signIn(byEmail, { sub: 'idp-manager-2', email, email_verified: true })).toBe('/login?sso=failed');
  });

  it('signs in by subject: the provider sub is the username', async () => {
    const ticket = ticketOf(await signIn(bySubject, { sub: 'tuteur' }));
    expect(decodeJwt((await exchange(ticket)).json().token).sub).toBe(String(await idOf('tuteur')));
  });

  it('refuses an unverified e-mail, an unknown one, and an e-mail two accounts share', async () => {
    const email = await emailOf('maitre');
    expect(await signIn(byEmail, { sub: 'idp-maitre', email, email_verified: false })).toBe('/login?sso=failed');
    expect(await signIn(byEmail, { sub: 'idp-maitre', email })).toBe('/login?sso=failed');
    expect(await signIn(byEmail, { sub: 'idp-nobody', email: 'nobody@idp.example', email_verified: true })).toBe('/login?sso=failed');
    await db().update(users).set({ email }).where(eq(users.username, 'maitre2'));
    expect(await signIn(byEmail, { sub: 'idp-maitre', email, email_verified: true })).toBe('/login?sso=failed');
    await db().update(users).set({ email: 'maitre2-back@example.com' }).where(eq(users.username, 'maitre2'));
    const ticket = ticketOf(await signIn(byEmail, { sub: 'idp-maitre', email, email_verified: true }));
    expect((await exchange(ticket)).statusCode).toBe(200);
    expect(await db().select().from(userIdentities).where(eq(userIdentities.subject, 'idp-maitre'))).toHaveLength(1);
  });

  it('refuses a person none of whose profiles may use the provider', async () => {
    expect(await signIn(bySubject, { sub: 'apprenti' })).toBe('/login?sso=failed');
    expect(await db().select().from(userIdentities).where(eq(userIdentities.subject, 'apprenti'))).toHaveLength(0);
  });

  it('refuses an inactive account, linked or not, and a member of another platform', async () => {
    await db().update(users).set({ active: false }).where(eq(users.username, 'tuteur2'));
    expect(await signIn(bySubject, { sub: 'tuteur2' })).toBe('/login?sso=failed');
    await db().update(users).set({ active: false }).where(eq(users.username, 'tuteur'));
    expect(await signIn(bySubject, { sub: 'tuteur' })).toBe('/login?sso=failed');
    await db().update(users).set({ active: true }).where(eq(users.username, 'tuteur'));

    const [outsider] = await db()
      .insert(users)
      .values({ username: 'sso-outsider', email: 'sso-outsider@example.org', firstName: 'Out', lastName: 'Sider', passwordHash: 'x' })
      .returning({ id: users.id });
    await db().insert(userPlatforms).values({ userId: outsider!.id, platformId: otherPlatformId });
    expect(await signIn(bySubject, { sub: 'sso-outsider' })).toBe('/login?sso=failed');
  });

  it('answers 404 on start for a provider of another platform, an inactive one and an unknown one', async () => {
    const elsewhere = await addProvider({ label: 'Ailleurs 2', platformId: otherPlatformId });
    const inactive = await addProvider({ label: 'Inactif 2', active: false });
    for (const id of [elsewhere, inactive, 2147483647]) expect((await get(`/api/fr/sso/${id}/start`)).statusCode).toBe(404);
    // Its own platform's host starts it.
    expect((await get(`/api/fr/sso/${elsewhere}/start`, OTHER_HOST)).statusCode).toBe(302);
  });

  it('refuses a state used twice, an expired one, one brought to another platform, and a provider error', async () => {
    const once = await throughProvider(bySubject, { sub: 'manager' });
    expect(ticketOf(String((await get(`${once.pathname}${once.search}`)).headers.location))).toBeTruthy();
    expect((await get(`${once.pathname}${once.search}`)).headers.location).toBe('/login?sso=failed');

    const late = await throughProvider(bySubject, { sub: 'manager' });
    await db()
      .update(oidcLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcLogins.stateHash, hashToken(`state:${late.searchParams.get('state')}`)));
    expect((await get(`${late.pathname}${late.search}`)).headers.location).toBe('/login?sso=failed');

    const moved = await throughProvider(bySubject, { sub: 'manager' });
    expect((await get(`${moved.pathname}${moved.search}`, OTHER_HOST)).headers.location).toBe('/login?sso=failed');

    expect((await get('/api/sso/callback?error=access_denied&state=abc')).headers.location).toBe('/login?sso=failed');
    expect((await get('/api/sso/callback?code=abc&state=unknown')).headers.location).toBe('/login?sso=failed');
    expect((await get('/api/sso/callback')).headers.location).toBe('/login?sso=failed');
  });

  it('refuses an expired ticket and a ticket brought to another platform', async () => {
    const late = ticketOf(await signIn(bySubject, { sub: 'manager' }));
    await db()
      .update(oidcLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcLogins.stateHash, hashToken(`ticket:${late}`)));
    expect((await exchange(late)).statusCode).toBe(401);
    const moved = ticketOf(await signIn(bySubject, { sub: 'manager' }));
    expect((await exchange(moved, OTHER_HOST)).statusCode).toBe(401);
    // A state is not a ticket.
    const callback = await throughProvider(bySubject, { sub: 'manager' });
    expect((await exchange(`${callback.searchParams.get('state')}`)).statusCode).toBe(401);
  });

  it('answers 400, never 500, to broken input', async () => {
    const probes = [
      '/api/fr/sso/abc/start',
      '/api/fr/sso/0/start',
      '/api/fr/sso/2147483648/start',
      '/api/fr/sso/100000000000000000000/start',
      `/api/fr/sso/${byEmail}/start?target=//evil.example`,
      `/api/fr/sso/${byEmail}/start?target=https://evil.example/`,
      `/api/fr/sso/${byEmail}/start?target=%2Fa%00b`,
      `/api/fr/sso/${byEmail}/start?target=/${'a'.repeat(300)}`,
      `/api/sso/callback?code=${'c'.repeat(5000)}&state=s`,
      '/api/sso/callback?state=%00',
    ];
    for (const url of probes) expect([url, (await get(url)).statusCode]).toEqual([url, 400]);
    for (const ticket of ['short', `${'a'.repeat(200)}`, '12.abc\u0000defghijklmnopqrstuv', '12.abc/defghijklmnopqrstuv'])
      expect((await exchange(ticket)).statusCode).toBe(400);
    expect((await test.app.inject({ method: 'POST', url: '/api/fr/sso/ticket', payload: {} })).statusCode).toBe(400);
  });

  it('turns a provider it cannot use into a failed sign-in, never a 500: secret sealed under another server secret, issuer down', async () => {
    const otherKey = createSecretKey(Buffer.from('another-server-secret-another-server-secret'));
    const unreadable = await addProvider({ clientSecret: sealSecret(otherKey, CLIENT_SECRET_PURPOSE, idp.clientSecret) });
    const down = await addProvider({ issuer: 'http://127.0.0.1:9' });
    for (const id of [unreadable, down]) {
      const start = await get(`/api/fr/sso/${id}/start`);
      expect([start.statusCode, start.headers.location]).toEqual([302, '/login?sso=failed']);
    }
  });

  it('counts starts per address: past the ceiling, 429 with Retry-After', async () => {
    const ceiling = test.app.ctx.config.loginThrottle.maxLookupsPerAddress;
    const statuses = new Set<number>();
    for (let call = 0; call < ceiling; call++)
      statuses.add((await get(`/api/fr/sso/${bySubject}/start`, 'localhost', '10.8.0.1')).statusCode);
    expect([...statuses]).toEqual([302]);
    const refused = await get(`/api/fr/sso/${bySubject}/start`, 'localhost', '10.8.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
