import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@lea/shared';
import { historyLog, platforms } from '../../db/schema/index.js';
import { createOtherCourse, demoCourseId, managerClient, payloadOf } from '../../generic/test-helpers.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { bearer, loginAs } from '../../test/login.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sheetRows } from '../../test/read-xlsx.js';

describe('admin history and the course connection history', () => {
  let test: TestApp;
  let admin: string;
  let courseId: number;
  const adminGet = (path: string, token: string | null = admin, locale = 'fr') =>
    test.app.inject({ method: 'GET', url: `/api/${locale}/app/admin${path}`, headers: token ? bearer(token) : {} });
  const history = async (query = '') => (await adminGet(`/history${query}`)).json() as HistoryResponse;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    courseId = await demoCourseId(test.app);
  });
  afterAll(async () => test?.close());

  it('records each sign-in with its address and browser, and shows it as a connection', async () => {
    await test.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'user-agent': 'Vitest-Browser/1.0' },
      payload: { username: 'apprenti', password: (await import('../../seed/demo-content.js')).DEMO_PASSWORD },
    });
    const apprentice = await userIdOf(test.app, 'apprenti');
    const page = await history(`?type=connection&user=${apprentice}`);
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      type: 'connection',
      action: 'user.login',
      label: 'Connexion',
      user: { id: apprentice, fullName: 'Lucas Martin' },
      impersonator: null,
      ip: '127.0.0.1',
      userAgent: 'Vitest-Browser/1.0',
    });
  });

  it('shows impersonations, signatures and back-office writes, newest first, filtered by type, person and period', async () => {
    const switched = await test.app.inject({
      method: 'GET',
      url: `/api/fr/app/user/switch/${await userIdOf(test.app, 'tuteur')}`,
      headers: bearer(admin),
    });
    expect(switched.statusCode).toBe(200);
    const impersonations = await history('?type=impersonation');
    expect(impersonations.data[0]).toMatchObject({ type: 'impersonation', impersonator: { fullName: expect.any(String) } });
    expect(impersonations.data[0]!.label).toMatch(/^Connexion en tant que /);

    const signatures = await history('?type=signature&limit=100');
    expect(signatures.count).toBeGreaterThan(0);
    expect(signatures.data[0]!.label).toMatch(/^Signature (sur papier )?de « .+ » \(.+\)/);

    const call = managerClient(test.app, courseId, await tokenFor(test.app, 'manager'));
    const form = (await call('GET', '/crew/form')).json();
    const added = (await call('POST', '/crew/post', payloadOf(form, { title: 'Groupe historique' }))).json();
    const crewId = added.responses[0].object.id as number;
    await call('DELETE', `/crew/delete/${crewId}`);
    const writes = await history('?type=write&limit=5');
    expect(writes.data.find((line) => line.action === 'crew.add')).toMatchObject({
      entity: 'crew',
      entityId: crewId,
      label: `crew.add : crew n° ${crewId}`,
    });
    const deletes = await history('?type=delete');
    expect(deletes.data[0]).toMatchObject({ action: 'crew.delete', entityId: crewId, type: 'delete' });

    const all = await history('?limit=100');
    const times = all.data.map((line) => line.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await history('?from=2000-01-01&to=2000-12-31')).count).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect((await history(`?from=${today}&to=${today}&type=delete`)).count).toBe(1);
    const paged = await history('?limit=2&offset=1');
    expect(paged.data.map((line) => line.id)).toEqual(all.data.slice(1, 3).map((line) => line.id));
    expect(paged.count).toBe(all.count);
    const english = (await adminGet('/history?type=connection', admin, 'en')).json() as HistoryResponse;
    expect(english.data[0]!.label).toBe('Sign-in');
  });

  it('finds the people to filter on, on the platform only', async () => {
    const answer = (await adminGet('/history/people?search=martin')).json();
    expect(answer.people.map((person: { fullName: string }) => person.fullName)).toContain('Lucas Martin');
    expect((await adminGet('/history/people?search=m')).statusCode).toBe(400);
  });

  it('exports the filtered history to xlsx', async () => {
    const response = await adminGet('/history/export?type=connection');
    expect(response.statusCode).toBe(200);
    const rows = await sheetRows(response.json().data);
    expect(rows[0]).toEqual(['Date', 'Type', 'Action', 'Utilisateur', 'Connecté par', 'Adresse IP', 'Navigateur']);
    expect(rows.slice(1).map((row) => row[3])).toEqual(
      (await history('?type=connection&limit=100')).data.map((line) => line.user?.fullName),
    );
  });

  it('keeps another platform’s lines out, refuses non-administrators (403) and bad filters (400)', async () => {
    const foreign = await createForeignCourse(test.app.ctx.db, 'history.example.org');
    await test.app.ctx.db
      .insert(historyLog)
      .values({ platformId: foreign.platformId, action: 'user.login', userId: await userIdOf(test.app, 'apprenti') });
    const [local] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    const lines = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'user.login'));
    expect(lines.filter((line) => line.platformId === local!.id)).toHaveLength((await history('?type=connection')).count);
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      for (const path of ['/history', '/history/export', '/history/people?search=martin'])
        expect((await adminGet(path, token)).statusCode, path).toBe(403);
    }
    expect((await adminGet('/history', null)).statusCode).toBe(401);
    for (const query of [
      '?type=login',
      '?user=0',
      '?user=99999999999',
      '?limit=0',
      '?limit=101',
      '?from=2026-02-30',
      '?to=yesterday',
      '?offset=-3',
    ]) {
      expect((await adminGet(`/history${query}`)).statusCode, query).toBe(400);
    }
    expect((await adminGet('/history?from=2026-03-01&to=2026-02-01')).json().message).toBe('La date de fin précède la date de début');
  });

  it('shows a course’s manager the sign-ins and impersonations of the course’s people only', async () => {
    await loginAs(test.app, 'admin');
    await loginAs(test.app, 'tuteur');
    const call = managerClient(test.app, courseId, await tokenFor(test.app, 'manager'));
    const page = (await call('GET', '/history?limit=100')).json() as HistoryResponse;
    const names = new Set(page.data.map((line) => line.user?.fullName));
    expect(page.data.every((line) => line.type === 'connection' || line.type === 'impersonation')).toBe(true);
    expect(names.has('Lucas Martin')).toBe(true);
    const adminId = await userIdOf(test.app, 'admin');
    expect(page.data.some((line) => line.user?.id === adminId)).toBe(false);
    const tutor = await userIdOf(test.app, 'tuteur');
    const tutorOnly = (await call('GET', `/history?user=${tutor}&type=connection`)).json() as HistoryResponse;
    expect(tutorOnly.count).toBe(1);
    const rows = await sheetRows((await call('GET', '/history/export')).json().data);
    expect(rows).toHaveLength(page.count + 1);

    const other = await createOtherCourse(test.app, 'history');
    expect((await managerClient(test.app, courseId, other.managerToken)('GET', '/history')).statusCode).toBe(403);
    expect((await managerClient(test.app, courseId, await tokenFor(test.app, 'apprenti'))('GET', '/history/export')).statusCode).toBe(403);
    expect((await call('GET', '/history?type=signature')).statusCode).toBe(400);
  });
});
