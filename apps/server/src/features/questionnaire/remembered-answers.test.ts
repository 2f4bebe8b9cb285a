import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNWATCHED_TABLES } from '../../db/own-writes.js';
import { answers, questionnaires, replies, triads, trainingCourses, users } from '../../db/schema/index.js';
import { bearer, loginAs } from '../../test/login.js';
import { eventually, openSecondProcess, type SecondProcess } from '../../test/second-process.js';
import { statementCounter } from '../../test/statement-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

/**
 * The busiest reads are remembered per process and course (decision 042): a hit sends no statement,
 * and whatever changes an answer — a write through the routes, or any other path, which database
 * triggers announce — is seen by the next read, in this process and, on PostgreSQL, in a second one.
 */
describe('remembered answers', () => {
  let test: TestApp;
  let second: SecondProcess | null = null;
  let fixture: Fixture;
  const tokens: Record<string, string> = {};
  let otherCourseId: number;

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.ctx.cache.ready();
    second = await openSecondProcess(test);
    fixture = await createQuestionnaireFixture(test.app);
    for (const username of ['apprenti', 'manager', 'tuteur']) tokens[username] = (await loginAs(test.app, username)).token;
    const [other] = await test.app.ctx.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .where(ne(trainingCourses.id, fixture.courseId))
      .limit(1);
    otherCourseId = other!.id;
  });
  afterAll(async () => {
    await second?.close();
    await test.close();
  });

  const get = (app: FastifyInstance, username: string, path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/fr${path}`, headers: { host: 'localhost', ...bearer(tokens[username]!), ...headers } });
  const viewPath = () => `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`;
  const listPath = () => `/app/triad/list/${fixture.courseId}?length=50&page=0`;
  const apps = () => [test.app, ...(second ? [second.app] : [])];
  /** Every process sees `check` true of its answer to `path`: the writing one at once, the other once the notice arrives. */
  const expectEverywhere = async (username: string, path: string, check: (body: string) => boolean) => {
    for (const app of apps()) {
      if (app === test.app) expect(check((await get(app, username, path)).body)).toBe(true);
      else await eventually(async () => check((await get(app, username, path)).body));
    }
  };
  const warm = async (username: string, path: string) => {
    for (const app of apps()) expect((await get(app, username, path)).statusCode).toBe(200);
  };

  it('answers a remembered read without a statement, with the same bytes, compressed when asked', async () => {
    const counter = statementCounter(test.app.ctx.database);
    for (const [username, path] of [
      ['apprenti', viewPath()],
      ['apprenti', `/app/questionnaire/list/${fixture.triadId}`],
      ['apprenti', `/app/triad/${fixture.triadId}`],
      ['manager', listPath()],
      ['manager', '/app/training/list?archive=1'],
      ['manager', `/app/lea-manager/${fixture.courseId}/dashboard`],
      ['manager', `/app/lea-manager/${fixture.courseId}/dashboard?compact=1&page=0`],
    ] as const) {
      const first = await get(test.app, username, path);
      expect(first.statusCode, `${path}: ${first.body}`).toBe(200);
      const { result, statements } = await counter.during(() => get(test.app, username, path));
      expect(statements, path).toBe(0);
      expect(result.body).toBe(first.body);
      expect(result.headers['content-type']).toMatch(/^application\/json/);
      expect(result.headers['cache-control']).toBe('no-store');
      if (first.rawPayload.length >= 2048) {
        const br = await get(test.app, username, path, { 'accept-encoding': 'gzip, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
        const gzip = await get(test.app, username, path, { 'accept-encoding': 'gzip, br;q=0' });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
      }
    }
  });

  it('checks the caller every time: another user is refused, a closed session too', async () => {
    await warm('apprenti', viewPath());
    expect((await get(test.app, 'tuteur', `/app/lea-manager/${fixture.courseId}/dashboard`)).statusCode).toBe(403);
    const session = await loginAs(test.app, 'apprenti');
    tokens.closing = session.token;
    expect((await get(test.app, 'closing', viewPath())).statusCode).toBe(200);
    const revoked = await test.app.inject({ method: 'POST', url: '/api/token/revoke', payload: { refresh_token: session.refreshToken } });
    expect(revoked.statusCode).toBe(200);
    expect((await get(test.app, 'closing', viewPath())).statusCode).toBe(401);
  });

  it('sees a draft saved through the API at the next read, here at once and in the other process', async () => {
    await warm('apprenti', viewPath());
    const view = (await get(test.app, 'apprenti', viewPath())).json() as { userReply: { version: number } | null };
    const saved = await test.app.inject({
      method: 'PUT',
      url: `/api/fr/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      headers: { host: 'localhost', ...bearer(tokens.apprenti!) },
      payload: {
        draft: 1,
        profile: 1,
        version: view.userReply?.version ?? 0,
        answers: [{ questionId: fixture.ids.shortText, value: 'Vu tout de suite' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectEverywhere('apprenti', viewPath(), (body) => body.includes('Vu tout de suite'));
  });

  it('sees writes made by any other path (database triggers): an answer, a questionnaire, a person, a new triad', async () => {
    const { db } = test.app.ctx;
    await warm('apprenti', viewPath());
    const [reply] = await db
      .select({ id: replies.id })
      .from(replies)
      .where(and(eq(replies.triadId, fixture.triadId), eq(replies.questionnaireId, fixture.questionnaireId), eq(replies.profile, 1)));
    await db
      .update(answers)
      .set({ value: 'Changé ailleurs' })
      .where(and(eq(answers.replyId, reply!.id), eq(answers.questionId, fixture.ids.shortText)));
    // Not written through a route: the writing process knows its own commits, the other hears the trigger's notice.
    await expectEverywhere('apprenti', viewPath(), (body) => body.includes('Changé ailleurs'));

    // (Its question tree is the questionnaire cache's, forgotten by the editor's saves: decision 033.)
    await db.update(questionnaires).set({ title: 'Bilan, renommé' }).where(eq(questionnaires.id, fixture.questionnaireId));
    await expectEverywhere('apprenti', viewPath(), (body) => body.includes('Bilan, renommé'));

    await warm('manager', listPath());
    const [triad] = await db.select().from(triads).where(eq(triads.id, fixture.triadId));
    await db.update(users).set({ firstName: 'Prénom-Changé' }).where(eq(users.id, triad!.apprenticeId!));
    await expectEverywhere('manager', listPath(), (body) => body.includes('Prénom-Changé'));
    await expectEverywhere('apprenti', `/app/triad/${fixture.triadId}`, (body) => body.includes('Prénom-Changé'));

    const count = () => get(test.app, 'manager', listPath()).then((response) => (response.json() as { count: number }).count);
    const before = await count();
    await db.insert(triads).values({ trainingCourseId: fixture.courseId, apprenticeId: triad!.apprenticeId, active: true });
    await expectEverywhere('manager', listPath(), (body) => (JSON.parse(body) as { count: number }).count === before + 1);
  });

  it("keeps a course's answers when another course changes, and forgets them when anything platform-wide does", async () => {
    const { db } = test.app.ctx;
    // The writing process forgets all its answers at its own commit; the other one (PostgreSQL), and
    // the only one on PGlite, hear the course in the notice.
    const reader = second?.app ?? test.app;
    const counter = statementCounter(reader.ctx.database);
    const read = (path: string) => counter.during(() => get(reader, 'manager', path)).then(({ statements }) => statements);
    const otherList = `/app/triad/list/${otherCourseId}?length=50&page=0`;
    await warm('manager', listPath());
    await warm('manager', otherList);
    await db.update(trainingCourses).set({ displayName: 'Autre cours, renommé' }).where(eq(trainingCourses.id, otherCourseId));
    await eventually(async () => (await read(otherList)) > 0);
    expect(await read(listPath())).toBe(0);

    await db.update(users).set({ phone: '01 02 03 04 05' }).where(eq(users.username, 'manager'));
    await eventually(async () => (await read(listPath())) > 0);
    // Signing in (its stamps on the user's row) forgets nothing, in either process.
    await warm('manager', listPath());
    await loginAs(test.app, 'manager');
    await loginAs(reader, 'manager');
    expect(await read(listPath())).toBe(0);
    expect((await counter.during(() => get(test.app, 'manager', listPath()))).statements).toBe(0);
  });

  it('watches every table but the declared ones: a new table needs its trigger (migration 0014) or a place in the list', async () => {
    // Both drivers answer `{rows}`.
    const result = await test.app.ctx.db.execute(sql`
      select c.relname as "table",
        exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname like '%answers_changed') as "watched"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`);
    const tables = (result as unknown as { rows: { table: string; watched: boolean }[] }).rows;
    expect(tables.length).toBeGreaterThan(60);
    for (const { table, watched } of tables)
      expect(`${table}: ${watched ? 'watched' : 'not watched'}`).toBe(
        `${table}: ${UNWATCHED_TABLES.has(table) ? 'not watched' : 'watched'}`,
      );
  });
});
