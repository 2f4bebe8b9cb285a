import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { historyLog, platforms, userPlatforms, users } from '../db/schema/index.js';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { payloadOf } from './test-helpers.js';

type Method = 'GET' | 'PUT' | 'POST';

const valueOf = (model: FormModel, name: string) => model.tabs.flatMap((tab) => tab.fields).find((field) => field.name === name)?.value;

/** The singleton capability (unique-form, unique-post) on its first entity, the admin area's data agreement. */
describe('admin area: data-agreement, a singleton', () => {
  let test: TestApp;
  let admin: string;
  let platformId: number;
  const call = (token: string | null, method: Method, path: string, payload?: unknown, options: { locale?: string; host?: string } = {}) =>
    test.app.inject({
      method,
      url: `/api/${options.locale ?? 'fr'}/app${path}`,
      headers: { host: options.host ?? 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const form = async (token = admin, path = '/admin/generic/data-agreement/unique-form', host?: string) =>
    (await call(token, 'GET', path, undefined, { host })).json() as FormModel;
  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    const [platform] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    platformId = platform!.id;
  });
  afterAll(async () => test?.close());

  it('is described as a singleton: no list, no add, no id-shaped form', async () => {
    const described = (await call(admin, 'GET', '/admin/generic/entities')).json();
    const entity = described.entities.find((candidate: { alias: string }) => candidate.alias === 'data-agreement');
    expect(entity).toMatchObject({
      screen: { path: 'data-agreement' },
      titles: { list: 'Données personnelles et mentions' },
      can: { singleton: true, list: false, add: false, edit: false, remove: false },
    });
    for (const path of ['/admin/data-agreement/form', `/admin/data-agreement/form/${platformId}`, '/admin/data-agreement/list']) {
      expect((await call(admin, 'GET', path)).statusCode, path).toBe(404);
    }
    expect((await call(admin, 'PUT', `/admin/data-agreement/post/${platformId}`, [])).statusCode).toBe(404);
    // Another entity has no single record.
    expect((await call(admin, 'GET', '/admin/institution/unique-form')).statusCode).toBe(404);
  });

  it("answers the platform's texts in tabs, on both paths, in the request's language", async () => {
    const [platform] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.id, platformId));
    const model = await form();
    expect(model.tabs.map((tab) => tab.code)).toEqual(['legal', 'privacy', 'publish']);
    expect(valueOf(model, 'legalNotice')).toBe(platform!.legalNotice);
    expect(valueOf(await form(admin, '/admin/design/unique-form'), 'helpContactEmail')).toBe(platform!.helpContactEmail);
    expect(model.tabs[0]!.fields[0]).toMatchObject({ kind: 'editor', label: 'Mentions légales', attributes: { editorType: 'medium' } });
    expect(await form(admin, '/admin/data-agreement/unique-form')).toEqual(model);
    const english = (await call(admin, 'GET', '/admin/data-agreement/unique-form', undefined, { locale: 'en' })).json();
    expect(english.tabs[0].label).toBe('Legal notice');
  });

  it('saves in one transaction with a history line, shown by the public data-agreement and design calls', async () => {
    const model = await form();
    const answer = await call(
      admin,
      'PUT',
      '/admin/generic/data-agreement/unique-post',
      payloadOf(model, { legalNotice: '<p>Éditeur : CFA Démo</p>' }),
    );
    const design = await form(admin, '/admin/design/unique-form');
    const saved = await call(
      admin,
      'PUT',
      '/admin/design/unique-post',
      payloadOf(design, { helpContact: '<p>Appelez le 01 02 03 04 05</p>', homeAlert: '<p></p>' }),
    );
    expect(saved.json().hasError).toBe(false);
    expect(answer.json()).toMatchObject({ hasError: false, message: 'Les textes de la plateforme ont été enregistrés' });
    expect(answer.json().responses[0].object.id).toBe(platformId);
    const agreement = (await call(null, 'GET', '/data-agreement')).json();
    expect(agreement.legalNotice).toBe('<p>Éditeur : CFA Démo</p>');
    const shown = (await call(null, 'GET', '/design')).json();
    expect(shown.helpContact).toBe('<p>Appelez le 01 02 03 04 05</p>');
    // An emptied editor is no text: the sign-in page shows no empty notice.
    expect(shown.homeAlert).toBeNull();
    const lines = await test.app.ctx.db
      .select({ details: historyLog.details })
      .from(historyLog)
      .where(and(eq(historyLog.action, 'data-agreement.edit'), eq(historyLog.entityId, platformId)));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toMatchObject({ fields: ['legalNotice'] });
    const designLines = await test.app.ctx.db
      .select({ details: historyLog.details })
      .from(historyLog)
      .where(and(eq(historyLog.action, 'design.edit'), eq(historyLog.entityId, platformId)));
    expect(designLines[0]!.details).toMatchObject({ fields: ['homeAlert', 'helpContact'] });
  });

  it('stores rich text through the shared HTML allow-list', async () => {
    const model = await form();
    const payload = payloadOf(model, {
      termOfService:
        '<p onclick="alert(1)">Conditions<script>alert(2)</script><img src=x onerror=alert(3)></p><a href="javascript:alert(4)">lien</a>',
    });
    expect((await call(admin, 'PUT', '/admin/data-agreement/unique-post', payload)).json().hasError).toBe(false);
    const stored = (await call(null, 'GET', '/data-agreement')).json().termOfService as string;
    expect(stored).toContain('Conditions');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('answers 400 to a NUL or a non-form body and field errors to a wrong e-mail, writing nothing', async () => {
    const model = await form();
    const before = (await call(null, 'GET', '/data-agreement')).json();
    const nul = await call(admin, 'PUT', '/admin/data-agreement/unique-post', payloadOf(model, { legalNotice: '<p>a\u0000b</p>' }));
    expect(nul.statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/admin/data-agreement/unique-post', { not: 'a form' })).statusCode).toBe(400);
    const design = await form(admin, '/admin/design/unique-form');
    const wrong = (
      await call(
        admin,
        'PUT',
        '/admin/design/unique-post',
        payloadOf(design, { helpContactEmail: 'pas-une-adresse', homeAlert: '<p>Non</p>' }),
        {
          locale: 'en',
        },
      )
    ).json();
    expect(wrong.hasError).toBe(true);
    expect(wrong.responses[0].validationErrors).toEqual([{ field: 'helpContactEmail', message: 'Please enter a valid email address' }]);
    expect((await call(null, 'GET', '/data-agreement')).json()).toEqual(before);
    expect((await call(null, 'GET', '/design')).json().homeAlert).not.toBe('<p>Non</p>');
  });

  it('answers 403 to a course manager and an apprentice, 401 without a token', async () => {
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      expect((await call(token, 'GET', '/admin/data-agreement/unique-form')).statusCode, username).toBe(403);
      expect((await call(token, 'PUT', '/admin/data-agreement/unique-post', [])).statusCode, username).toBe(403);
    }
    expect((await call(null, 'GET', '/admin/data-agreement/unique-form')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/admin/data-agreement/unique-post', [])).statusCode).toBe(401);
  });

  it("gives another platform's administrator that platform's texts, never this one's", async () => {
    const { db } = test.app.ctx;
    const [other] = await db
      .insert(platforms)
      .values({ hostname: 'ailleurs.example.com', name: 'CFA Ailleurs', legalNotice: '<p>Ailleurs</p>' })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        username: 'admin-ailleurs',
        email: 'admin-ailleurs@example.com',
        firstName: 'Admin',
        lastName: 'Ailleurs',
        type: 'lea_user',
        roles: ['ROLE_LEA_ADMIN', 'ROLE_LEA_USER'],
      })
      .returning();
    await db.insert(userPlatforms).values({ userId: user!.id, platformId: other!.id });
    const token = await tokenFor(test.app, 'admin-ailleurs', 'ailleurs.example.com');
    const ours = (await call(null, 'GET', '/data-agreement')).json();

    const model = await form(token, '/admin/data-agreement/unique-form', 'ailleurs.example.com');
    expect(valueOf(model, 'legalNotice')).toBe('<p>Ailleurs</p>');
    const saved = await call(
      token,
      'PUT',
      '/admin/data-agreement/unique-post',
      payloadOf(model, { legalNotice: '<p>Changé ailleurs</p>' }),
      {
        host: 'ailleurs.example.com',
      },
    );
    expect(saved.json().hasError).toBe(false);
    expect((await call(null, 'GET', '/data-agreement', undefined, { host: 'ailleurs.example.com' })).json().legalNotice).toBe(
      '<p>Changé ailleurs</p>',
    );
    expect((await call(null, 'GET', '/data-agreement')).json()).toEqual(ours);
    // Its token on this platform's address is not this platform's administrator.
    expect([401, 403]).toContain((await call(token, 'GET', '/admin/data-agreement/unique-form')).statusCode);
  });
});
