import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PROFILES, type FormModel } from '@lea/shared';
import { historyLog, oidcProviders, platforms } from '../../db/schema/index.js';
import { payloadOf } from '../../generic/test-helpers.js';
import { CLIENT_SECRET_PURPOSE } from '../../services/oidc-issuer.js';
import { openSecret } from '../../services/secret-box.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Model = FormModel;
const SECRET = 'client-secret-typed-by-the-admin';

describe('single sign-on providers in the admin area, and the admin home integrations', () => {
  let test: TestApp;
  let admin: string;
  let manager: string;
  let otherAdmin: string;
  let otherPlatformId: number;
  const call = (token: string, method: Method, path: string, payload?: unknown, host = 'localhost', locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app${path}`,
      headers: { host, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const form = async (path: string, token = admin, host = 'localhost') => (await call(token, 'GET', path, undefined, host)).json() as Model;
  const field = (model: Model, name: string) => model.tabs.flatMap((tab) => tab.fields).find((candidate) => candidate.name === name)!;
  const values = { label: 'Entra ID', issuer: 'https://login.example.com/tenant/v2.0', clientId: 'lea-client', clientSecret: SECRET };
  const create = async (changes: Record<string, unknown> = {}, token = admin, host = 'localhost') =>
    (
      await call(
        token,
        'POST',
        '/admin/sso-provider/post',
        payloadOf(await form('/admin/sso-provider/form', token, host), { ...values, ...changes }),
        host,
      )
    ).json();
  const stored = async (id: number) => (await test.app.ctx.db.select().from(oidcProviders).where(eq(oidcProviders.id, id)))[0]!;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    manager = await tokenFor(test.app, 'manager');
    const db = test.app.ctx.db;
    otherPlatformId = (
      await db.insert(platforms).values({ hostname: 'sso-admin-ailleurs.example.org', name: 'Autre' }).returning({ id: platforms.id })
    )[0]!.id;
    otherAdmin = await tokenFor(test.app, 'admin', 'sso-admin-ailleurs.example.org');
  });
  afterAll(async () => test?.close());

  it('adds a provider: the secret is sealed when stored, never sent back, and a blank one keeps it', async () => {
    const model = await form('/admin/sso-provider/form');
    expect(field(model, 'profiles').choices!.map((choice) => choice.value)).toEqual([
      'apprentice',
      'tutor',
      'apprentice_master',
      'company_manager',
      'secondary',
      'manager',
      'admin',
    ]);
    expect(field(model, 'profiles').choices![5]!.label).toBe('Responsables de formation');
    const created = await create({ profiles: ['manager', 'tutor'], matchBy: 'subject' });
    expect(created.hasError).toBe(false);
    const id = created.responses[0].object.id as number;
    const row = await stored(id);
    expect(row).toMatchObject({ label: 'Entra ID', profiles: ['tutor', 'manager'], matchBy: 'subject', active: true });
    expect(row.clientSecret).not.toContain(SECRET);
    expect(openSecret(test.app.ctx.config.jwtSecret, CLIENT_SECRET_PURPOSE, row.clientSecret)).toBe(SECRET);

    const edit = await call(admin, 'GET', `/admin/sso-provider/form/${id}`);
    expect(edit.body).not.toContain(SECRET);
    expect(edit.body).not.toContain(row.clientSecret);
    const list = await call(admin, 'GET', '/admin/sso-provider/list', undefined, 'localhost', 'en');
    expect(list.body).not.toContain(row.clientSecret);
    expect(list.json().data).toMatchObject([{ id, label: 'Entra ID', profiles: 'Pedagogic tutors, Course managers', active: true }]);

    const kept = await call(admin, 'PUT', `/admin/sso-provider/post/${id}`, payloadOf(edit.json(), { label: 'Entra', active: false }));
    expect(kept.json().hasError).toBe(false);
    expect(await stored(id)).toMatchObject({ label: 'Entra', active: false, clientSecret: row.clientSecret });
    const changed = await call(admin, 'PUT', `/admin/sso-provider/post/${id}`, payloadOf(edit.json(), { clientSecret: 'another-secret' }));
    expect(changed.json().hasError).toBe(false);
    expect(openSecret(test.app.ctx.config.jwtSecret, CLIENT_SECRET_PURPOSE, (await stored(id)).clientSecret)).toBe('another-secret');

    // Every write is on record, by field names only.
    const lines = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.entity, 'sso-provider'));
    expect(lines.map((line) => line.action)).toEqual(['sso-provider.add', 'sso-provider.edit', 'sso-provider.edit']);
    expect(JSON.stringify(lines)).not.toContain('another-secret');
  });

  it('checks the issuer, the secret of a new provider, the profiles and every bound', async () => {
    const errorsOf = async (changes: Record<string, unknown>) =>
      ((await create(changes)).responses?.[0]?.validationErrors ?? []).map((error: { field: string }) => error.field);
    for (const issuer of [
      'http://idp.example.com',
      'ftp://idp.example.com',
      'https://idp.example.com/?x=1',
      'https://u:p@idp.example.com',
      'idp',
    ])
      expect(await errorsOf({ issuer })).toContain('issuer');
    expect(await errorsOf({ issuer: 'http://127.0.0.1:8080' })).toEqual([]);
    expect(await errorsOf({ clientSecret: '' })).toContain('clientSecret');
    expect(await errorsOf({ profiles: [] })).toContain('profiles');
    expect(await errorsOf({ profiles: ['root'] })).toContain('profiles');
    expect(await errorsOf({ matchBy: 'phone' })).toContain('matchBy');
    expect(await errorsOf({ label: 'x'.repeat(101) })).toContain('label');
    expect(await errorsOf({ clientId: 'x'.repeat(256) })).toContain('clientId');
    expect(await errorsOf({ clientSecret: 'x'.repeat(1001) })).toContain('clientSecret');
    const nul = await call(
      admin,
      'POST',
      '/admin/sso-provider/post',
      payloadOf(await form('/admin/sso-provider/form'), { ...values, label: 'a\u0000b' }),
    );
    expect(nul.statusCode).toBe(400);
    for (const id of ['0', 'abc', '2147483648']) expect((await call(admin, 'GET', `/admin/sso-provider/form/${id}`)).statusCode).toBe(400);
  });

  it('refuses a non-administrator (403) and another platform administrator (404)', async () => {
    const id = (await create({ label: 'Propre' })).responses[0].object.id as number;
    for (const [method, path] of [
      ['GET', '/admin/sso-provider/list'],
      ['GET', '/admin/sso-provider/form'],
      ['GET', `/admin/sso-provider/form/${id}`],
      ['DELETE', `/admin/sso-provider/delete/${id}`],
      ['GET', '/admin/integrations'],
    ] as const)
      expect([path, (await call(manager, method, path)).statusCode]).toEqual([path, 403]);

    const host = 'sso-admin-ailleurs.example.org';
    expect((await call(otherAdmin, 'GET', `/admin/sso-provider/form/${id}`, undefined, host)).statusCode).toBe(404);
    const model = await form(`/admin/sso-provider/form/${id}`);
    expect((await call(otherAdmin, 'PUT', `/admin/sso-provider/post/${id}`, payloadOf(model), host)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/admin/sso-provider/delete/${id}`, undefined, host)).statusCode).toBe(404);
    const theirs = await call(otherAdmin, 'GET', '/admin/sso-provider/list', undefined, host);
    expect(theirs.json().data).toEqual([]);
    expect((await stored(id)).label).toBe('Propre');

    expect((await call(admin, 'DELETE', `/admin/sso-provider/delete/${id}`)).json().success).toBe(true);
    expect(await test.app.ctx.db.select().from(oidcProviders).where(eq(oidcProviders.id, id))).toEqual([]);
  });

  it('answers the admin home integrations: the active providers, and e-mail sign-in when a profile allows it', async () => {
    const db = test.app.ctx.db;
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    await db.delete(oidcProviders);
    await create({ label: 'Actif' });
    await create({ label: 'Éteint', active: false });
    await db
      .insert(oidcProviders)
      .values({ platformId: otherPlatformId, label: 'Ailleurs', issuer: 'https://x', clientId: 'x', clientSecret: 'x' });
    const answer = (await call(admin, 'GET', '/admin/integrations')).json();
    expect(answer).toMatchObject({ sso: [{ label: 'Actif' }], emailSignIn: true });
    const allPassword = Object.fromEntries(SIGN_IN_PROFILES.map((profile) => [profile, 'password' as const]));
    await db.update(platforms).set({ signInMethods: allPassword }).where(eq(platforms.id, platform!.id));
    expect((await call(admin, 'GET', '/admin/integrations')).json().emailSignIn).toBe(false);
    await db
      .update(platforms)
      .set({ signInMethods: { ...allPassword, apprentice: 'email' } })
      .where(eq(platforms.id, platform!.id));
    expect((await call(admin, 'GET', '/admin/integrations')).json().emailSignIn).toBe(true);
  });
});
