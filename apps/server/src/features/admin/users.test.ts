import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyLog, managerProfileAssignments, managerProfiles, platforms, userPlatforms, users } from '../../db/schema/index.js';
import { payloadOf } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Field = { name: string; value: unknown; attributes: Record<string, unknown> };
type Model = { tabs: { code: string; fields: Field[] }[] };

/** The admin area's users (spec 3 §2.3, §3 User (admin)): list, wizard, tabs, role flags, delete. */
describe('admin users: the platform accounts', () => {
  let test: TestApp;
  let admin: string;
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/admin${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const formOf = async (path: string) => (await call(admin, 'GET', path)).json() as Model;
  const fieldOf = (model: Model, name: string) => model.tabs.flatMap((tab) => tab.fields).find((field) => field.name === name)!;
  const add = async (changes: Record<string, unknown>) => {
    const form = await formOf('/user/form');
    return (await call(admin, 'POST', '/user/post', payloadOf(form as never, changes))).json();
  };

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
  });
  afterAll(async () => test?.close());

  it('lists the platform accounts with the spec shape, searched by name prefix, filtered by role, sorted and paged', async () => {
    const all = (await call(admin, 'GET', '/user/list?limit=50')).json();
    expect(Object.keys(all).sort()).toEqual(['columns', 'count', 'data']);
    expect(all.columns.map((column: { key: string }) => column.key)).toEqual([
      'id',
      'lastName',
      'firstName',
      'username',
      'email',
      'role',
      'active',
      'lastLoginAt',
    ]);
    expect(all.count).toBe(all.data.length);
    const admins = (await call(admin, 'GET', '/user/list?filter=role:admin')).json();
    expect(admins.data.map((row: { username: string }) => row.username)).toEqual(['admin']);
    expect(admins.data[0].role).toBe('Administrateur');
    const managers = (await call(admin, 'GET', '/user/list?filter=role:leaManager', undefined, 'en')).json();
    expect(managers.data.every((row: { role: string }) => row.role === 'Manager')).toBe(true);
    const searched = (await call(admin, 'GET', '/generic/user/list?search=apprenti&sortByField=3&sortOrder=DESC&limit=2&offset=1')).json();
    expect(searched.count).toBeGreaterThanOrEqual(3);
    expect(searched.data).toHaveLength(2);
    const usernames = searched.data.map((row: { username: string }) => row.username);
    expect([...usernames].sort().reverse()).toEqual(usernames);
    // A word that only sits inside a name is not a prefix: nothing.
    expect((await call(admin, 'GET', '/user/list?search=prenti')).json().count).toBe(0);
    const past = (await call(admin, 'GET', '/user/list?offset=5000')).json();
    expect(past).toMatchObject({ data: [], count: all.count });
  });

  it('adds a user through the wizard, then edits it in tabs; one role only, checked by the server', async () => {
    const form = await formOf('/user/form');
    expect(form.tabs.map((tab) => tab.code)).toEqual(['userData', 'role']);
    expect(fieldOf(form, 'isAdmin').attributes.exclusiveGroup).toBe('role');
    const two = await add({ lastName: 'Durand', firstName: 'Zoé', email: 'zoe.durand@example.com', isAdmin: true, isUser: true });
    expect(two.hasError).toBe(true);
    expect(two.responses[0].validationErrors[0]).toMatchObject({ field: 'isAdmin' });
    const none = await add({ lastName: 'Durand', firstName: 'Zoé', email: 'zoe.durand@example.com', isUser: false });
    expect(none.hasError).toBe(true);
    expect(await test.app.ctx.db.select().from(users).where(eq(users.email, 'zoe.durand@example.com'))).toHaveLength(0);

    const added = await add({ lastName: 'Durand', firstName: 'Zoé', email: 'zoe.durand@example.com', type: 'tutor' });
    expect(added).toMatchObject({ hasError: false, message: "L'utilisateur a été enregistré" });
    const id = added.responses[0].object.id as number;
    const [row] = await test.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      username: 'zoe.durand@example.com',
      type: 'tutor',
      roles: ['ROLE_LEA_USER'],
      active: true,
      passwordHash: null,
    });

    const [profile] = await test.app.ctx.db
      .insert(managerProfiles)
      .values({ platformId: row ? await platformOf(test) : 0, name: 'Lecture seule' })
      .returning();
    const edit = await formOf(`/user/form/${id}`);
    expect(fieldOf(edit, 'isUser').value).toBe(true);
    const saved = (
      await call(
        admin,
        'PUT',
        `/user/post/${id}`,
        payloadOf(edit as never, {
          isUser: false,
          isLeaManager: true,
          type: null,
          managerProfileId: String(profile!.id),
          firstName: 'Zoë',
        }),
      )
    ).json();
    expect(saved.hasError).toBe(false);
    const [changed] = await test.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(changed).toMatchObject({ firstName: 'Zoë', type: 'lea_manager', roles: ['ROLE_LEA_USER'] });
    const assigned = await test.app.ctx.db.select().from(managerProfileAssignments).where(eq(managerProfileAssignments.userId, id));
    expect(assigned.map((line) => line.profileId)).toEqual([profile!.id]);
    const lines = await test.app.ctx.db.select({ action: historyLog.action }).from(historyLog).where(eq(historyLog.entityId, id));
    expect(lines.map((line) => line.action)).toEqual(expect.arrayContaining(['user.add', 'user.edit']));
  });

  it('refuses an address or a username another account holds, and the admin taking their own role away', async () => {
    const taken = await add({ lastName: 'Martin', firstName: 'Lucas', email: 'LUCAS.MARTIN@example.com' });
    expect(taken.hasError).toBe(true);
    const usernameTaken = await add({ lastName: 'X', firstName: 'Y', email: 'nouvelle@example.com', username: 'Manager' });
    expect(usernameTaken.responses[0].validationErrors[0]).toMatchObject({ field: 'username' });
    const self = await userIdOf(test.app, 'admin');
    const edit = await formOf(`/user/form/${self}`);
    const demoted = (
      await call(admin, 'PUT', `/user/post/${self}`, payloadOf(edit as never, { isAdmin: false, isUser: true }), 'en')
    ).json();
    expect(demoted.hasError).toBe(true);
    expect(JSON.stringify(demoted)).toContain('your own administrator role');
  });

  it('deletes an account without signatures, refuses one that signed (deactivate instead) and the own account', async () => {
    const added = await add({ lastName: 'Éphémère', firstName: 'Paul', email: 'paul.ephemere@example.com' });
    const id = added.responses[0].object.id as number;
    expect((await call(admin, 'DELETE', `/user/delete/${id}`)).json()).toMatchObject({ success: true });
    expect(await test.app.ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    const signer = await userIdOf(test.app, 'tuteur');
    const refused = (await call(admin, 'DELETE', `/user/delete/${signer}`, undefined, 'en')).json();
    expect(refused).toMatchObject({ success: false });
    expect(refused.detail[0].message).toMatch(/signed \d+ questionnaire\(s\).*Deactivate/);
    const self = await userIdOf(test.app, 'admin');
    expect((await call(admin, 'DELETE', `/user/delete/${self}`)).json()).toMatchObject({ success: false });
  });

  it('answers 403 to a manager and an apprentice, 401 without a token', async () => {
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      for (const [method, path] of [
        ['GET', '/user/list'],
        ['GET', '/user/form'],
        ['POST', '/user/post'],
        ['DELETE', '/user/delete/1'],
      ] as const) {
        expect([username, path, (await call(token, method, path, method === 'POST' ? [] : undefined)).statusCode]).toEqual([
          username,
          path,
          403,
        ]);
      }
    }
    expect((await call(null, 'GET', '/user/list')).statusCode).toBe(401);
  });

  it("answers 404 for another platform's account and keeps it out of the list", async () => {
    const { db } = test.app.ctx;
    const foreign = await createForeignCourse(db, 'autre-users.example.com');
    const [stranger] = await db
      .insert(users)
      .values({ username: 'etranger', email: 'etranger@example.com', firstName: 'É', lastName: 'Tranger' })
      .returning();
    await db.insert(userPlatforms).values({ userId: stranger!.id, platformId: foreign.platformId });
    for (const [method, path] of [
      ['GET', `/user/form/${stranger!.id}`],
      ['PUT', `/user/post/${stranger!.id}`],
      ['DELETE', `/user/delete/${stranger!.id}`],
    ] as const) {
      expect((await call(admin, method, path, method === 'PUT' ? [] : undefined)).statusCode, path).toBe(404);
    }
    expect((await call(admin, 'GET', '/user/list?search=tranger')).json().count).toBe(0);
    expect(
      await db
        .select()
        .from(userPlatforms)
        .where(and(eq(userPlatforms.userId, stranger!.id))),
    ).toHaveLength(1);
  });

  it('answers 400 to bad ids, paging and filters', async () => {
    for (const path of [
      '/user/form/0',
      '/user/form/2147483648',
      '/user/list?limit=0',
      '/user/list?filter=nocolon',
      '/user/list?sortOrder=UP',
    ]) {
      expect((await call(admin, 'GET', path)).statusCode, path).toBe(400);
    }
    expect((await call(admin, 'POST', '/user/post', { not: 'a form' })).statusCode).toBe(400);
  });
});

async function platformOf(test: TestApp): Promise<number> {
  const [platform] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
  return platform!.id;
}
