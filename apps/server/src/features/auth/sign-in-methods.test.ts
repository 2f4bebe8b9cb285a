import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { historyLog, platforms, userPlatforms, users } from '../../db/schema/index.js';
import { payloadOf } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const valueOf = (model: FormModel, name: string) => model.tabs.flatMap((tab) => tab.fields).find((field) => field.name === name)?.value;

/** The administrator's choice of sign-in methods per profile (issue 20 §1): a singleton of the admin area. */
describe('admin area: sign-in-methods', () => {
  let test: TestApp;
  let admin: string;
  let platformId: number;
  const call = (token: string, method: 'GET' | 'PUT', path: string, payload?: unknown, host = 'localhost', locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/admin/generic/sign-in-methods/${path}`,
      headers: { host, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    const [platform] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = platform!.id;
  });
  afterAll(async () => test?.close());

  it('shows the defaults per profile, in both languages; administrators cannot be kept to e-mail', async () => {
    const model = (await call(admin, 'GET', 'unique-form')).json() as FormModel;
    expect(valueOf(model, 'apprentice')).toBe('password');
    expect(valueOf(model, 'apprentice_master')).toBe('both');
    const adminField = model.tabs[0]!.fields.find((field) => field.name === 'admin')!;
    expect(adminField.choices!.map((choice) => choice.value)).toEqual(['password', 'both']);
    const english = (await call(admin, 'GET', 'unique-form', undefined, 'localhost', 'en')).json() as FormModel;
    expect(english.tabs[0]!.fields.find((field) => field.name === 'apprentice_master')!.label).toBe('Apprenticeship masters');
  });

  it('saves the platform’s choices with a history line; administrators cannot be kept to e-mail', async () => {
    const model = (await call(admin, 'GET', 'unique-form')).json() as FormModel;
    const emailOnlyAdmins = await call(admin, 'PUT', 'unique-post', payloadOf(model, { admin: 'email' }));
    expect(emailOnlyAdmins.json()).toMatchObject({ hasError: true });
    const saved = await call(admin, 'PUT', 'unique-post', payloadOf(model, { apprentice: 'both', admin: 'both' }));
    expect(saved.json()).toMatchObject({ hasError: false, message: 'Les modes de connexion ont été enregistrés' });
    const [row] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.id, platformId));
    expect(row!.signInMethods).toMatchObject({ apprentice: 'both', admin: 'both', tutor: 'password' });
    const lines = await test.app.ctx.db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'sign-in-methods.edit'), eq(historyLog.entityId, platformId)));
    expect(lines).toHaveLength(1);
    const reread = (await call(admin, 'GET', 'unique-form')).json() as FormModel;
    expect(valueOf(reread, 'apprentice')).toBe('both');
  });

  it('refuses a manager (403), another platform’s administrator sees only their own platform, bad values are refused', async () => {
    const manager = await tokenFor(test.app, 'manager');
    expect((await call(manager, 'GET', 'unique-form')).statusCode).toBe(403);
    const model = (await call(admin, 'GET', 'unique-form')).json() as FormModel;
    expect((await call(manager, 'PUT', 'unique-post', payloadOf(model))).statusCode).toBe(403);

    const [other] = await test.app.ctx.db
      .insert(platforms)
      .values({ hostname: 'admin-ailleurs.example.org', name: 'Autre CFA' })
      .returning();
    const [otherAdmin] = await test.app.ctx.db
      .insert(users)
      .values({
        username: 'admin-ailleurs',
        email: 'admin@ailleurs.example.org',
        firstName: 'Autre',
        lastName: 'Admin',
        roles: ['ROLE_LEA_USER', 'ROLE_LEA_ADMIN'],
      })
      .returning();
    await test.app.ctx.db.insert(userPlatforms).values({ userId: otherAdmin!.id, platformId: other!.id });
    const foreign = await tokenFor(test.app, 'admin-ailleurs', 'admin-ailleurs.example.org');
    const theirs = (await call(foreign, 'GET', 'unique-form', undefined, 'admin-ailleurs.example.org')).json() as FormModel;
    expect(valueOf(theirs, 'apprentice')).toBe('password');
    // Their admin token is worthless on this platform.
    expect([401, 403]).toContain((await call(foreign, 'GET', 'unique-form')).statusCode);

    const bad = await call(admin, 'PUT', 'unique-post', payloadOf(model, { tutor: 'sms' }));
    expect(bad.statusCode === 400 || bad.json().hasError === true).toBe(true);
    const nul = await call(admin, 'PUT', 'unique-post', payloadOf(model, { tutor: 'pass\u0000word' }));
    expect(nul.statusCode).toBe(400);
    const [row] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.id, platformId));
    expect(row!.signInMethods).not.toMatchObject({ tutor: 'sms' });
  });
});
