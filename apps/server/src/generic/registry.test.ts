import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type FormModel } from '@lea/shared';
import { crews, historyLog } from '../db/schema/index.js';
import { signAccessToken } from '../http/jwt.js';
import { tokenFor } from '../test/auth.js';
import { crewIdByName, managerClient, payloadOf, useManagerFixture } from './test-helpers.js';

describe('generic entity registry (crew)', () => {
  const fixture = useManagerFixture();

  const crewNames = async (id = fixture.courseId) =>
    (
      await fixture.test.app.ctx.db.select().from(crews).where(eq(crews.trainingCourseId, id)).orderBy(asc(crews.position), asc(crews.id))
    ).map((crew) => crew.name);

  it('lists the crews of the course by position with their triad counts, under both paths', async () => {
    const response = await fixture.call('GET', '/crew/list');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.columns.map((column: { key: string }) => column.key)).toEqual(['id', 'title', 'triadCount', 'position']);
    expect(body.data.map((row: { title: string; triadCount: number }) => [row.title, row.triadCount])).toEqual([
      ['Promotion 2025 - groupe A', 2],
      ['Promotion 2025 - groupe B', 3],
      ['Promotion 2026 - auditeurs libres', 0],
    ]);
    expect((await fixture.call('GET', '/generic/crew/list')).json()).toEqual(body);
    const sorted = (await fixture.call('GET', '/crew/list?sortByField=1&sortOrder=DESC&limit=1')).json();
    expect(sorted.count).toBe(3);
    expect(sorted.data.map((row: { title: string }) => row.title)).toEqual(['Promotion 2026 - auditeurs libres']);
    const searched = (await fixture.call('GET', '/crew/list?search=upe%20b')).json();
    expect(searched.data.map((row: { title: string }) => row.title)).toEqual(['Promotion 2025 - groupe B']);
  });

  it('serves the add form and the edit form filled with the record, in the request language', async () => {
    const add: FormModel = (await fixture.call('GET', '/crew/form')).json();
    expect(add.tabs).toHaveLength(1);
    expect(add.tabs[0]!.fields[0]).toMatchObject({
      id: 'crew_title',
      name: 'title',
      label: 'Titre',
      kind: 'text',
      required: true,
      value: null,
    });
    const crewA = await crewIdByName(fixture.test.app, fixture.courseId, 'Promotion 2025 - groupe A');
    const english = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'manager'), 'en');
    const edit: FormModel = (await english('GET', `/generic/crew/form/${crewA}`)).json();
    expect(edit.tabs[0]!.fields[0]).toMatchObject({ label: 'Title', value: 'Promotion 2025 - groupe A' });
  });

  it('creates, edits, copies and sorts a crew', async () => {
    const model: FormModel = (await fixture.call('GET', '/crew/form')).json();
    const created = await fixture.call('POST', '/crew/post', payloadOf(model, { title: '  Promotion 2026 - groupe C ' }));
    expect(created.statusCode).toBe(200);
    const { id } = created.json().responses[0].object;
    expect(created.json()).toMatchObject({ hasError: false, message: 'Le groupe a été enregistré' });
    expect(await crewNames()).toEqual([
      'Promotion 2025 - groupe A',
      'Promotion 2025 - groupe B',
      'Promotion 2026 - auditeurs libres',
      'Promotion 2026 - groupe C',
    ]);

    const edited = await fixture.call('PUT', `/generic/crew/post/${id}`, payloadOf(model, { title: 'Promotion 2026 - groupe Z' }));
    expect(edited.json()).toMatchObject({ hasError: false, responses: [{ object: { id } }] });

    const copy = await fixture.call('POST', `/crew/copy/${id}`);
    expect(copy.json()).toMatchObject({ success: true, hasError: false });
    expect(await crewNames()).toContain('Promotion 2026 - groupe Z (copie)');

    const sorted = await fixture.call('PUT', `/crew/sort/${id}/0`);
    expect(sorted.json()).toMatchObject({ success: true });
    expect(await crewNames()).toEqual([
      'Promotion 2026 - groupe Z',
      'Promotion 2025 - groupe A',
      'Promotion 2025 - groupe B',
      'Promotion 2026 - auditeurs libres',
      'Promotion 2026 - groupe Z (copie)',
    ]);
    await fixture.call('PUT', `/crew/sort/${id}/99`);
    expect((await crewNames()).at(-1)).toBe('Promotion 2026 - groupe Z');
  });

  it('answers field errors with hasError and writes nothing', async () => {
    const before = await crewNames();
    const model: FormModel = (await fixture.call('GET', '/crew/form')).json();
    const empty = await fixture.call('POST', '/crew/post', payloadOf(model, { title: '   ' }));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      hasError: true,
      message: 'Le formulaire contient des erreurs',
      responses: [{ validationErrors: [{ field: 'title', message: MESSAGES.required }] }],
    });
    const long = await fixture.call('POST', '/crew/post', payloadOf(model, { title: 'x'.repeat(256) }));
    expect(long.json().responses[0].validationErrors).toEqual([
      { field: 'title', message: 'Ce champ ne doit pas dépasser 255 caractères' },
    ]);
    const malformed = await fixture.call('POST', '/crew/post', { title: 'not a form payload' });
    expect(malformed.statusCode).toBe(400);
    expect(await crewNames()).toEqual(before);
  });

  it('refuses to delete a crew holding triads (cannot_remove) and deletes an empty one', async () => {
    const crewA = await crewIdByName(fixture.test.app, fixture.courseId, 'Promotion 2025 - groupe A');
    const refused = await fixture.call('DELETE', `/crew/delete/${crewA}`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ success: false, hasError: true, message: 'cannot_remove', detail: [{ message: 'cannot_remove' }] });
    expect(await crewNames()).toContain('Promotion 2025 - groupe A');

    const copyId = await crewIdByName(fixture.test.app, fixture.courseId, 'Promotion 2026 - groupe Z (copie)');
    const removed = await fixture.call('DELETE', `/generic/crew/delete/${copyId}`);
    expect(removed.json()).toMatchObject({ success: true, hasError: false, detail: [{ message: 'Le groupe a été supprimé' }] });
    expect(await crewNames()).not.toContain('Promotion 2026 - groupe Z (copie)');
  });

  it('exports the crews as a real xlsx', async () => {
    const response = await fixture.call('GET', '/crew/export');
    const body = response.json();
    expect(body.filename).toMatch(/^lea-groupes-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(body.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(body.data, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Identifiant', 'Groupe']);
    expect(sheet.rowCount).toBe(1 + (await crewNames()).length);
  });

  it('keeps records of another course out of reach (404) and untouched', async () => {
    const model: FormModel = (await fixture.call('GET', '/crew/form')).json();
    expect((await fixture.call('GET', `/crew/form/${fixture.other.crewId}`)).statusCode).toBe(404);
    expect((await fixture.call('PUT', `/crew/post/${fixture.other.crewId}`, payloadOf(model, { title: 'Volé' }))).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `/crew/delete/${fixture.other.crewId}`)).statusCode).toBe(404);
    expect((await fixture.call('PUT', `/crew/sort/${fixture.other.crewId}/0`)).statusCode).toBe(404);
    expect((await fixture.call('POST', `/crew/copy/${fixture.other.crewId}`)).statusCode).toBe(404);
    expect(await crewNames(fixture.other.courseId)).toEqual(['Groupe other']);
  });

  it('answers 403 to a manager of another course and to triad members, 401 without a token', async () => {
    const outsider = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    for (const [method, path] of [
      ['GET', '/crew/list'],
      ['GET', '/crew/form'],
      ['POST', '/crew/post'],
      ['GET', '/generic/crew/export'],
    ] as const) {
      expect((await outsider(method, path, method === 'POST' ? [] : undefined)).statusCode).toBe(403);
    }
    for (const username of ['apprenti', 'tuteur', 'maitre', 'parent']) {
      const member = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, username));
      expect((await member('GET', '/crew/list')).statusCode).toBe(403);
      expect((await member('POST', '/crew/post', [{ code: 'crew', form: { title: 'Intrus' } }])).statusCode).toBe(403);
    }
    expect((await managerClient(fixture.test.app, fixture.courseId, null)('GET', '/crew/list')).statusCode).toBe(401);
    expect(await crewNames()).not.toContain('Intrus');
  });

  it('lets an administrator of the platform in, answers 404 for an unknown course, alias or action', async () => {
    const admin = managerClient(fixture.test.app, fixture.courseId, await tokenFor(fixture.test.app, 'admin'));
    expect((await admin('GET', '/crew/list')).statusCode).toBe(200);
    expect(
      (await managerClient(fixture.test.app, 999999, await tokenFor(fixture.test.app, 'manager'))('GET', '/crew/list')).statusCode,
    ).toBe(404);
    expect((await fixture.call('GET', '/unicorn/list')).statusCode).toBe(404);
    expect((await fixture.call('GET', '/generic/unicorn/form')).statusCode).toBe(404);
    expect((await fixture.call('PUT', '/crew/move/1', { target: 2 })).statusCode).toBe(404);
  });

  it('logs the writes made while impersonating with both users', async () => {
    const { db } = fixture.test.app.ctx;
    const token = await tokenFor(fixture.test.app, 'manager');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const impersonating = await signAccessToken(
      { sub: claims.sub, username: 'manager', roles: claims.roles, platform: claims.platform, impersonator: 1 },
      fixture.test.app.ctx.config.jwtSecret,
    );
    const as = managerClient(fixture.test.app, fixture.courseId, impersonating);
    const model: FormModel = (await as('GET', '/crew/form')).json();
    const id = (await as('POST', '/crew/post', payloadOf(model, { title: 'Groupe impersonation' }))).json().responses[0].object.id;
    const lines = await db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'crew.add'), eq(historyLog.entityId, id)));
    expect(lines).toEqual([
      expect.objectContaining({ entity: 'crew', impersonatorId: 1, details: { trainingCourseId: fixture.courseId, fields: ['title'] } }),
    ]);
  });
});
