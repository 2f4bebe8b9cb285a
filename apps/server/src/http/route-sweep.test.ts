import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCourseId } from '../generic/test-helpers.js';
import { registeredAliases } from '../generic/registry.js';
import { tokenFor } from '../test/auth.js';
import { probesOf, type Probe } from '../test/route-probes.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every registered route, every method, with broken ids, querystrings and bodies, as an
 * administrator, as a manager and without a token: none may answer a 5xx, none may write, and
 * every refusal has the API's error shape.
 */

const CONCURRENCY = 4;
/**
 * login_throttle counts every sign-in and account lookup per address, accepted or refused (the
 * ceiling on check_username, websites and reset requests): probes legitimately grow it. Every other
 * table, the history log and the mail outbox included, must come out of the sweep unchanged.
 */
const COUNTERS = new Set(['login_throttle']);

/** Each table's row count and a digest of its rows: an update shows as well as an insert or a delete. */
type Contents = Map<string, string>;

async function readContents(test: TestApp): Promise<Contents> {
  const { db } = test.app.ctx;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const contents: Contents = new Map();
  for (const { name } of tables) {
    const table = sql.identifier(name);
    const [row] = rowsOf<{ n: number | string; digest: string }>(
      await db.execute(sql`select count(*) as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${table} t`),
    );
    contents.set(name, `${row!.n} rows ${row!.digest}`);
  }
  return contents;
}

/** Every refusal answers the API's error shape `{code, message}` (ARCHITECTURE.md, API), not a framework default. */
function isErrorAnswer(status: number, body: string): boolean {
  try {
    const answer = JSON.parse(body) as { code?: unknown; message?: unknown };
    return answer.code === status && typeof answer.message === 'string';
  } catch {
    return false;
  }
}

describe('route sweep: broken input on every registered route', () => {
  const routes: RouteOptions[] = [];
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ onRoute: (route) => void routes.push({ ...route }) });
  });
  afterAll(async () => test?.close());

  it('answers no 5xx and writes nothing', async () => {
    const { app } = test;
    const course = String(await demoCourseId(app));
    const aliases = registeredAliases();
    let turn = 0;
    // One broken value at a time: the other parameters get values that pass, so that the broken one
    // reaches the handler; entity aliases take turns so that every declaration is reached.
    const valid = (param: string) => {
      if (param === 'locale') return 'fr';
      if (param === 'course') return course;
      if (param === 'entity') return aliases[turn++ % aliases.length]!;
      if (param === 'originalName') return 'x.pdf';
      return '1';
    };
    // The capture works (a sweep of nothing would pass): the root routes and the mounts are there.
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/login_check',
        '/download-file/path-name-:pathName/original-name-:originalName',
        '/api/:locale/app/lea-manager/:course/:entity/list',
      ]),
    );
    // Fastify adds a HEAD twin to every GET: same handler, probed through the GET.
    const endpoints = routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ route, method })),
    );
    const probes: Probe[] = endpoints.flatMap(({ route, method }) => probesOf(route, method, valid));
    const callers: [string, Record<string, string>][] = [
      ['admin', { authorization: `Bearer ${await tokenFor(app, 'admin')}` }],
      ['manager', { authorization: `Bearer ${await tokenFor(app, 'manager')}` }],
      ['anonymous', {}],
    ];
    const before = await readContents(test);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const shapes: string[] = [];
    const failedRoutes = new Set<string>();
    const queue = callers.flatMap(([caller, headers]) => probes.map((probe) => ({ caller, headers, probe })));
    const total = queue.length;
    const work = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { caller, headers, probe } = next;
        const response = await app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: { host: 'localhost', ...headers, ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }) },
          payload: probe.payload,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 400 && response.statusCode < 500 && !isErrorAnswer(response.statusCode, response.body)) {
          shapes.push(`${response.statusCode} ${caller} ${probe.method} ${probe.url} (${probe.what}) ${response.body.slice(0, 120)}`);
        }
        if (response.statusCode < 500) continue;
        failedRoutes.add(probe.route);
        failures.push(`${response.statusCode} ${caller} ${probe.method} ${probe.url} (${probe.what}) ${response.body.slice(0, 120)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, work));

    const after = await readContents(test);
    const written = [...after]
      .filter(([table, content]) => !COUNTERS.has(table) && content !== before.get(table))
      .map(([table, content]) => `${table}: ${before.get(table)} → ${content}`);
    console.log(
      `route sweep (${test.engine}): ${endpoints.length} routes, ${total} probes, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, ${failures.length} 5xx on ${failedRoutes.size} routes`,
    );
    expect({ failures, written, shapes }).toEqual({ failures: [], written: [], shapes: [] });
  }, 300_000);
});
