import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyLog, mailOutbox, replySignatures, triads, userPlatforms, users } from '../../db/schema/index.js';
import { readZipDirectory, readZipEntry } from '../../generic/zip-archive.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The users' row and page actions (spec 3 §2.3, §7.2) and the personal data (issue 13 §10). */
describe('admin users: password mails, deactivation, merge, erasure, personal data, menu', () => {
  let test: TestApp;
  let admin: string;
  let strangerId: number;
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const addUser = async (username: string) => {
    const [user] = await test.app.ctx.db
      .insert(users)
      .values({ username, email: `${username}@example.com`, firstName: 'Camille', lastName: username })
      .returning();
    const [platform] = await test.app.ctx.db.select({ platformId: userPlatforms.platformId }).from(userPlatforms).limit(1);
    await test.app.ctx.db.insert(userPlatforms).values({ userId: user!.id, platformId: platform!.platformId });
    return user!.id;
  };

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    const { db } = test.app.ctx;
    const foreign = await createForeignCourse(db, 'autre-actions.example.com');
    const [stranger] = await db
      .insert(users)
      .values({ username: 'loin', email: 'loin@example.com', firstName: 'L', lastName: 'Oin' })
      .returning();
    strangerId = stranger!.id;
    await db.insert(userPlatforms).values({ userId: strangerId, platformId: foreign.platformId });
  });
  afterAll(async () => test?.close());

  it('shows the "no mail" answer, then generates a password and shows that mail without its link', async () => {
    const id = await addUser('sans-mail');
    expect((await call(admin, 'GET', `/admin/user/last-password-link/${id}`)).json()).toEqual({ subject: null, date: null, body: null });
    const generated = (await call(admin, 'GET', `/admin/user/generate-password/${id}`, undefined, 'en')).json();
    expect(generated).toEqual({ success: true, message: 'A link to choose a new password has been sent to sans-mail@example.com' });
    const [mail] = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sans-mail@example.com'));
    expect(mail).toMatchObject({ kind: 'new-password' });
    expect(mail!.text).toMatch(/\/login\/new-password\/[A-Za-z0-9_-]{20,}/);
    const last = (await call(admin, 'GET', `/admin/user/last-password-link/${id}`)).json();
    expect(last.subject).toBe(mail!.subject);
    expect(new Date(last.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(last.body).toContain('/login/new-password/…');
    expect(last.body).not.toMatch(/\/login\/new-password\/[A-Za-z0-9_-]{20,}/);
    const [row] = await test.app.ctx.db.select({ resetCount: users.resetCount }).from(users).where(eq(users.id, id));
    expect(row?.resetCount).toBe(1);
  });

  it('deactivates an account (no more password mail), reactivates it, and refuses the own account', async () => {
    const id = await addUser('a-desactiver');
    expect((await call(admin, 'PUT', `/admin/user/active/${id}`, { active: false })).json()).toMatchObject({ success: true });
    expect((await call(admin, 'GET', `/admin/user/generate-password/${id}`)).statusCode).toBe(400);
    expect((await call(admin, 'PUT', `/admin/user/active/${id}`, { active: true })).json()).toMatchObject({ success: true });
    const self = await userIdOf(test.app, 'admin');
    expect((await call(admin, 'PUT', `/admin/user/active/${self}`, { active: false })).statusCode).toBe(400);
    const lines = await test.app.ctx.db.select({ action: historyLog.action }).from(historyLog).where(eq(historyLog.entityId, id));
    expect(lines.map((line) => line.action)).toEqual(expect.arrayContaining(['user.deactivate', 'user.reactivate']));
  });

  it('merges two accounts of one person: every reference and signature moves, collisions drop, the merged account goes', async () => {
    const { db } = test.app.ctx;
    const tutor = await userIdOf(test.app, 'tuteur');
    const twin = await addUser('tuteur-doublon');
    const [triad] = await db.select().from(triads).where(eq(triads.tutorId, tutor)).limit(1);
    await db.update(triads).set({ tutor2Id: twin }).where(eq(triads.id, triad!.id));
    const signaturesBefore = await db.select().from(replySignatures).where(eq(replySignatures.userId, tutor));
    // The kept account holds the signatures: merge the other way round, the twin kept.
    const merged = (await call(admin, 'POST', '/admin/user/merge', { keptId: twin, mergedId: tutor })).json();
    expect(merged).toMatchObject({ success: true, id: twin });
    expect(await db.select().from(users).where(eq(users.id, tutor))).toHaveLength(0);
    expect(await db.select().from(replySignatures).where(eq(replySignatures.userId, twin))).toHaveLength(signaturesBefore.length);
    const [after] = await db.select().from(triads).where(eq(triads.id, triad!.id));
    expect(after).toMatchObject({ tutorId: twin, tutor2Id: twin });
    expect(await db.select().from(userPlatforms).where(eq(userPlatforms.userId, twin))).toHaveLength(1);
    const [line] = await db.select().from(historyLog).where(eq(historyLog.action, 'user.merge'));
    expect(line).toMatchObject({ entityId: twin, details: { merged: tutor, mergedUsername: 'tuteur' } });
  });

  it('refuses a merge into itself (400), of the own account (400) and of another platform (404)', async () => {
    const self = await userIdOf(test.app, 'admin');
    const other = await addUser('fusion-refus');
    expect((await call(admin, 'POST', '/admin/user/merge', { keptId: other, mergedId: other })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/admin/user/merge', { keptId: other, mergedId: self })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/admin/user/merge', { keptId: other, mergedId: strangerId })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/admin/user/merge', { keptId: '1', mergedId: 2 })).statusCode).toBe(400);
    expect(await test.app.ctx.db.select().from(users).where(eq(users.id, other))).toHaveLength(1);
  });

  it('erases an account: a pseudonym, no contact, no access; the signatures stay, pointing to it', async () => {
    const { db } = test.app.ctx;
    const manager = await userIdOf(test.app, 'manager');
    const signatures = await db.select().from(replySignatures).where(eq(replySignatures.userId, manager));
    const erased = (await call(admin, 'POST', `/admin/user/erase/${manager}`, undefined, 'en')).json();
    expect(erased).toMatchObject({ success: true, message: "The user's personal data has been erased" });
    const [row] = await db.select().from(users).where(eq(users.id, manager));
    expect(row).toMatchObject({ firstName: 'Utilisateur effacé', active: false, passwordHash: null, phone: null, photoFileId: null });
    expect(row!.email).toMatch(/^erased-\d+-[0-9a-f]{8}@invalid\.invalid$/);
    expect(row!.lastName).not.toContain('Manager');
    expect(await db.select().from(replySignatures).where(eq(replySignatures.userId, manager))).toHaveLength(signatures.length);
    const [line] = await db.select().from(historyLog).where(eq(historyLog.action, 'user.erase'));
    expect(line?.entityId).toBe(manager);
    expect((await call(admin, 'POST', `/admin/user/erase/${await userIdOf(test.app, 'admin')}`)).statusCode).toBe(400);
  });

  it('gives a person their own data as a zip of data.json and their files, logged', async () => {
    const apprentice = await tokenFor(test.app, 'apprenti');
    const answer = await call(apprentice, 'GET', '/user/personal-data');
    expect(answer.statusCode).toBe(200);
    const file = answer.json();
    expect(file).toMatchObject({ type: 'application/zip', filename: expect.stringMatching(/\.zip$/) });
    const bytes = Buffer.from(file.data, 'base64');
    const entries = readZipDirectory(bytes)!;
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['LISEZMOI.txt', 'data.json']));
    const chunks: Buffer[] = [];
    for await (const chunk of readZipEntry(
      bytes,
      entries.find((entry) => entry.name === 'data.json')!,
    ))
      chunks.push(chunk);
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(data.account.username).toBe('apprenti');
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|password_hash|token_hash/);
    expect(Object.keys(data.records)).toEqual(expect.arrayContaining(['triads.apprentice_id']));
    const id = await userIdOf(test.app, 'apprenti');
    const lines = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'user.personal-data'));
    expect(lines.map((line) => line.userId)).toContain(id);
    expect((await call(null, 'GET', '/user/personal-data')).statusCode).toBe(401);
  });

  it('serves the admin menu from the registry, in the request language', async () => {
    const menu = (await call(admin, 'GET', '/admin/menu', undefined, 'en')).json();
    const users = menu.entries.find((entry: { code: string }) => entry.code === 'user');
    expect(users).toMatchObject({ label: 'Users', path: 'users' });
    expect(menu.entries.find((entry: { code: string }) => entry.code === 'data-agreement')).toMatchObject({ path: 'data-agreement/edit' });
  });

  it('answers 403 to a manager and an apprentice on every admin action, 404 for another platform', async () => {
    const target = await addUser('cible-403');
    for (const username of ['maitre', 'apprenti2']) {
      const token = await tokenFor(test.app, username);
      for (const [method, path, body] of [
        ['GET', '/admin/menu', undefined],
        ['GET', `/admin/user/last-password-link/${target}`, undefined],
        ['GET', `/admin/user/generate-password/${target}`, undefined],
        ['PUT', `/admin/user/active/${target}`, { active: false }],
        ['POST', '/admin/user/merge', { keptId: target, mergedId: strangerId }],
        ['POST', `/admin/user/erase/${target}`, undefined],
      ] as const) {
        expect([username, path, (await call(token, method, path, body)).statusCode]).toEqual([username, path, 403]);
      }
    }
    for (const [method, path, body] of [
      ['GET', `/admin/user/last-password-link/${strangerId}`, undefined],
      ['GET', `/admin/user/generate-password/${strangerId}`, undefined],
      ['PUT', `/admin/user/active/${strangerId}`, { active: false }],
      ['POST', `/admin/user/erase/${strangerId}`, undefined],
    ] as const) {
      expect([path, (await call(admin, method, path, body)).statusCode]).toEqual([path, 404]);
    }
    for (const [method, path, body] of [
      ['GET', '/admin/user/last-password-link/0', undefined],
      ['PUT', `/admin/user/active/${target}`, { active: 'no' }],
      ['POST', '/admin/user/erase/2147483648', undefined],
    ] as const) {
      expect([path, (await call(admin, method, path, body)).statusCode]).toEqual([path, 400]);
    }
    const [row] = await test.app.ctx.db.select({ active: users.active }).from(users).where(eq(users.id, target));
    expect(row?.active).toBe(true);
  });
});
