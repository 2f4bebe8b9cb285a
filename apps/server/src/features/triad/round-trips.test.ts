import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModel, ModuleTriadList } from '@lea/shared';
import { triads, users } from '../../db/schema/index.js';
import { payloadOf, useManagerFixture } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { eventually, openSecondProcess, type SecondProcess } from '../../test/second-process.js';
import { statementCounter, type StatementCounter } from '../../test/statement-counter.js';

/**
 * The statements of one call, the request's own context included (platform, profile titles and
 * session come from the shared caches once warm): the triad's own reads are two (findTriadView,
 * the documents block; its course's menu and skin are cached), each list one.
 */
const MAX_STATEMENTS = { triad: 2, trainingList: 1, triadList: 1 };

describe('triad/{id}, training/list, triad/list: statements per call and the cached course menu', () => {
  const fixture = useManagerFixture();
  const app = () => fixture.test.app;
  let counter: StatementCounter;
  const tokens: Record<string, string> = {};
  let triadId = 0;

  beforeAll(async () => {
    counter = statementCounter(app().ctx.database);
    for (const username of ['manager', 'apprenti']) tokens[username] = await tokenFor(app(), username);
    const [row] = await app()
      .ctx.db.select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    triadId = row!.id;
  });

  const get = (target: FastifyInstance, url: string, username: string) =>
    target.inject({ method: 'GET', url: `/api/fr/app${url}`, headers: { authorization: `Bearer ${tokens[username]}` } });
  const menuOf = async (target: FastifyInstance, username = 'apprenti') => {
    const response = await get(target, `/triad/${triadId}`, username);
    expect(response.statusCode).toBe(200);
    return (response.json().trainingCourse.menu as { code: string }[]).map((entry) => entry.code);
  };
  const statementsOf = async (url: string, username: string) => {
    await get(app(), url, username); // warms what outlives the request
    const { result, statements } = await counter.during(() => get(app(), url, username));
    expect(result.statusCode, url).toBe(200);
    return statements;
  };

  it('answers each route in a bounded number of statements, whatever the size of the lists', async () => {
    expect(await statementsOf(`/triad/${triadId}`, 'manager')).toBeLessThanOrEqual(MAX_STATEMENTS.triad);
    expect(await statementsOf(`/triad/${triadId}`, 'apprenti')).toBeLessThanOrEqual(MAX_STATEMENTS.triad);
    expect(await statementsOf('/training/list?archive=1&length=20&page=0', 'manager')).toBeLessThanOrEqual(MAX_STATEMENTS.trainingList);
    expect(await statementsOf(`/triad/list/${fixture.courseId}?length=50&page=0`, 'manager')).toBeLessThanOrEqual(MAX_STATEMENTS.triadList);
  });

  it('keeps the course menu: a module switched off or hidden is gone from the next read, and back after', async () => {
    const { call } = fixture;
    const rows = (await call('GET', '/training-course-module/list?limit=50')).json().data as { id: number; code: string }[];
    const notepad = rows.find((row) => row.code === 'MODULE_LEA_NOTEPAD')!;
    expect(await menuOf(app())).toContain('MODULE_LEA_NOTEPAD');
    const form = (await call('GET', `/training-course-module/form/${notepad.id}`)).json() as FormModel;
    expect((await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: false }))).json()).toMatchObject({
      hasError: false,
    });
    expect(await menuOf(app())).not.toContain('MODULE_LEA_NOTEPAD');
    await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: true }));
    expect(await menuOf(app())).toContain('MODULE_LEA_NOTEPAD');

    const list = (await call('GET', '/training-course-module-triad/list')).json() as ModuleTriadList;
    const entry = list.triads.find((triad) => triad.id === triadId)!.entries.find((candidate) => candidate.moduleId === notepad.id)!;
    await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: false });
    expect(await menuOf(app())).not.toContain('MODULE_LEA_NOTEPAD');
    await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: true });
    expect(await menuOf(app())).toContain('MODULE_LEA_NOTEPAD');
  });

  it('keeps the course skin with the menu: a saved skin shows on the next read', async () => {
    const { call } = fixture;
    const skinOf = async () => (await get(app(), `/triad/${triadId}`, 'apprenti')).json().trainingCourse.skin;
    const before = await skinOf();
    const form = (await call('GET', '/skin/unique-form')).json() as FormModel;
    const saved = await call('PUT', '/skin/unique-post', payloadOf(form, { principalColor: '#123456' }));
    expect(saved.json()).toMatchObject({ hasError: false });
    expect((await skinOf())?.principalColor).toBe('#123456');
    await call('PUT', '/skin/unique-post', payloadOf(form, { principalColor: before?.principalColor ?? null }));
  });

  describe('with a second server process on the same database (PostgreSQL)', () => {
    let second: SecondProcess | null = null;
    beforeAll(async () => {
      await app().ctx.cache.ready();
      second = await openSecondProcess(fixture.test);
    });
    afterAll(async () => {
      await second?.close();
    });

    it('forgets its kept menu when the first process switches a module off or hides it', async () => {
      if (!second) return expect(fixture.test.engine).toBe('pglite');
      const other = second.app;
      const { call } = fixture;
      const rows = (await call('GET', '/training-course-module/list?limit=50')).json().data as { id: number; code: string }[];
      const notepad = rows.find((row) => row.code === 'MODULE_LEA_NOTEPAD')!;
      // The second process keeps the menu, then the first one switches the module off.
      expect(await menuOf(other)).toContain('MODULE_LEA_NOTEPAD');
      expect(other.ctx.cache.cache('courseMenu', 1).size()).toBeGreaterThan(0);
      const form = (await call('GET', `/training-course-module/form/${notepad.id}`)).json() as FormModel;
      await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: false }));
      await eventually(async () => !(await menuOf(other)).includes('MODULE_LEA_NOTEPAD'));
      await call('PUT', `/training-course-module/post/${notepad.id}`, payloadOf(form, { enabled: true }));
      await eventually(async () => (await menuOf(other)).includes('MODULE_LEA_NOTEPAD'));

      const list = (await call('GET', '/training-course-module-triad/list')).json() as ModuleTriadList;
      const entry = list.triads.find((triad) => triad.id === triadId)!.entries.find((candidate) => candidate.moduleId === notepad.id)!;
      await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: false });
      await eventually(async () => !(await menuOf(other)).includes('MODULE_LEA_NOTEPAD'));
      await call('PUT', `/training-course-module-triad/edit/${entry.id}`, { visible: true });
      await eventually(async () => (await menuOf(other)).includes('MODULE_LEA_NOTEPAD'));
    });
  });
});
