import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyLog, institutions, platforms, trainings } from '../db/schema/index.js';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { payloadOf } from './test-helpers.js';

/** The admin mount (/app/admin[/generic]/{alias}/…) on its first entity, the platform's institutions. */
describe('admin area: generic calls on the caller platform', () => {
  let test: TestApp;
  let admin: string;
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/admin${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
  });
  afterAll(async () => test?.close());

  it('lists with the spec shape (columns, data, count) for search, sortByField, sortOrder, limit, offset', async () => {
    const { db } = test.app.ctx;
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    await db
      .insert(institutions)
      .values(['Zeta Qwx', 'Alpha Qwx', 'Beta Lycée'].map((name) => ({ platformId: platform!.id, name, city: 'Lyon' })));
    const all = (await call(admin, 'GET', '/generic/institution/list?limit=50')).json();
    expect(Object.keys(all).sort()).toEqual(['columns', 'count', 'data']);
    expect(all.columns.map((column: { key: string }) => column.key)).toEqual([
      'id',
      'name',
      'code',
      'components',
      'city',
      'siret',
      'trainingCount',
    ]);
    const searched = (await call(admin, 'GET', '/institution/list?search=qwx&sortByField=1&sortOrder=DESC&limit=1&offset=1')).json();
    expect(searched.count).toBe(2);
    expect(searched.data.map((row: { name: string }) => row.name)).toEqual(['Alpha Qwx']);
    const used = all.data.find((row: { trainingCount: number }) => row.trainingCount > 0);
    expect(used).toMatchObject({ canRemove: false, removeReason: expect.stringContaining('formation') });
  });

  it('adds, edits and deletes an institution, each write with its history line', async () => {
    const form = (await call(admin, 'GET', '/generic/institution/form')).json();
    const added = (await call(admin, 'POST', '/generic/institution/post', payloadOf(form, { name: 'CFA du Rhône', city: 'Lyon' }))).json();
    expect(added).toMatchObject({ hasError: false, message: "L'établissement a été enregistré" });
    const id = added.responses[0].object.id as number;
    const edit = (await call(admin, 'GET', `/institution/form/${id}`)).json();
    expect(edit.tabs[0].fields.find((field: { name: string }) => field.name === 'city').value).toBe('Lyon');
    const renamed = await call(admin, 'PUT', `/institution/post/${id}`, payloadOf(edit, { name: 'CFA Rhône-Alpes' }));
    expect(renamed.json().hasError).toBe(false);
    const [row] = await test.app.ctx.db.select().from(institutions).where(eq(institutions.id, id));
    expect(row?.name).toBe('CFA Rhône-Alpes');
    expect((await call(admin, 'DELETE', `/generic/institution/delete/${id}`, undefined, 'en')).json()).toMatchObject({
      success: true,
      message: 'The institution has been deleted',
    });
    const lines = await test.app.ctx.db
      .select({ action: historyLog.action })
      .from(historyLog)
      .where(and(eq(historyLog.entity, 'institution'), eq(historyLog.entityId, id)));
    expect(lines.map((line) => line.action).sort()).toEqual(['institution.add', 'institution.delete', 'institution.edit']);
  });

  it('refuses to delete an institution that holds trainings, with the reason', async () => {
    const [training] = await test.app.ctx.db.select({ institutionId: trainings.institutionId }).from(trainings).limit(1);
    const refused = (await call(admin, 'DELETE', `/institution/delete/${training!.institutionId}`)).json();
    expect(refused).toMatchObject({ success: false });
    expect(JSON.stringify(refused)).toContain('ne peut pas être supprimé');
  });

  it('answers 403 to a course manager and an apprentice, 401 without a token, on reads and writes', async () => {
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      for (const [method, path] of [
        ['GET', '/generic/institution/list'],
        ['GET', '/institution/form'],
        ['POST', '/institution/post'],
        ['GET', '/generic/entities'],
      ] as const) {
        const response = await call(token, method, path, method === 'POST' ? [] : undefined);
        expect([username, path, response.statusCode]).toEqual([username, path, 403]);
      }
    }
    expect((await call(null, 'GET', '/institution/list')).statusCode).toBe(401);
  });

  it("answers 404 for another platform's institution and for an entity of the manager area", async () => {
    const { db } = test.app.ctx;
    const [other] = await db.insert(platforms).values({ hostname: 'ailleurs.example.com', name: 'CFA Ailleurs' }).returning();
    const [foreign] = await db.insert(institutions).values({ platformId: other!.id, name: 'Ailleurs' }).returning();
    for (const [method, path] of [
      ['GET', `/institution/form/${foreign!.id}`],
      ['PUT', `/institution/post/${foreign!.id}`],
      ['DELETE', `/generic/institution/delete/${foreign!.id}`],
    ] as const) {
      expect((await call(admin, method, path, method === 'PUT' ? [] : undefined)).statusCode, path).toBe(404);
    }
    expect((await call(admin, 'GET', '/crew/list')).statusCode).toBe(404);
    const list = (await call(admin, 'GET', '/institution/list?limit=1000')).json();
    expect(list.data.map((row: { name: string }) => row.name)).not.toContain('Ailleurs');
  });

  it('answers 400 to bad ids, paging and payloads, and field errors without writing', async () => {
    for (const path of [
      '/institution/form/0',
      '/institution/form/2147483648',
      '/institution/list?limit=0',
      '/institution/list?offset=-1',
      '/institution/list?sortOrder=UP',
    ]) {
      expect((await call(admin, 'GET', path)).statusCode, path).toBe(400);
    }
    expect((await call(admin, 'POST', '/institution/post', { not: 'a form' })).statusCode).toBe(400);
    const before = await test.app.ctx.db.select({ id: institutions.id }).from(institutions);
    const form = (await call(admin, 'GET', '/institution/form')).json();
    const blank = (await call(admin, 'POST', '/institution/post', payloadOf(form, { name: '   ' }), 'en')).json();
    expect(blank.hasError).toBe(true);
    expect(blank.responses[0].validationErrors[0].field).toBe('name');
    expect(await test.app.ctx.db.select({ id: institutions.id }).from(institutions)).toHaveLength(before.length);
  });
});
