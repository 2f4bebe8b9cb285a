// `npm run bench`: request rates and latencies of a few routes against the trivial one.
// Starts the server (no build, no web app) on a fresh embedded database with the demo seed and a
// course of 1,000 triads (scripts/lib/bench-course.mjs); with BENCH_DATABASE_URL (an admin
// connection, e.g. postgres://postgres@127.0.0.1:5432/postgres) it also runs on a fresh PostgreSQL
// database created for the run and dropped after.
// BENCH_DURATION (seconds per route, default 8) and BENCH_CONNECTIONS (default 10) tune the load.
// BENCH_ENGINE (`pglite` or `postgresql`) measures one engine only; BENCH_SERVER_NODE_ARGS are given to
// the servers it starts (`--cpu-prof --cpu-prof-dir=DIR` profiles them).
// BENCH_ONLY (a case-insensitive substring of route names, e.g. `user/list`) measures only those
// routes, and GET /health for their ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_APPRENTICE, BENCH_QUESTIONNAIRES, BENCH_TRIADS, seedBenchCourse } from './lib/bench-course.mjs';
import { adminUserRoutes, seedBenchUsers } from './lib/bench-users.mjs';
import { skillRoutes } from './lib/bench-skills.mjs';
import { calendarRoutes } from './lib/bench-calendar.mjs';
import { analyzeDatabase, createDatabase } from './lib/pg-database.mjs';
import { messageRoutes } from './lib/bench-messages.mjs';
import { findFreePort, startServer } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = (process.env.BENCH_ONLY ?? '').toLowerCase();
/** BENCH_ENGINE: `pglite` or `postgresql` measures that engine only (default: both). */
const ENGINE = (process.env.BENCH_ENGINE ?? '').toLowerCase();
/** BENCH_SERVER_NODE_ARGS: node options for the servers the bench starts, split on spaces. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** @param {{ name: string }} route */
const selected = (route) => !ONLY || route.name === 'GET /health' || route.name.toLowerCase().includes(ONLY);
const DEMO_PASSWORD = 'Demo-Lea-2026!';
/** The account whose routes are measured, and another one that only logs in. */
const BENCH_USER = 'apprenti';
const LOGIN_USER = 'apprenti6';
/** Issue 4: the dashboard and the course list answer in under 50 ms p95 on a course of 1,000 triads. */
const LARGE_COURSE_P95_TARGET_MS = 50;
/** Issue 18: the manager's signature dashboard of that course with 20 questionnaires, p95 under 80 ms on one connection… */
const SIGNATURE_DASHBOARD_P95_TARGET_MS = 80;
/** …and under 1 s with the usual load. */
const SIGNATURE_DASHBOARD_LOADED_P95_TARGET_MS = 1000;
/** The page length the course list screen asks for (apps/web/src/features/training/api.ts). */
const TRIAD_PAGE_LENGTH = 50;
/** The signature dashboard's compact page length (COMPACT_DASHBOARD_LENGTH in packages/shared). */
const COMPACT_DASHBOARD_LENGTH = 100;

/** Undo steps (stop a server, drop a database) that Ctrl-C must not skip. */
/** @type {Set<() => Promise<void>>} */
const pendingCleanups = new Set();
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, async () => {
    for (const cleanup of [...pendingCleanups].reverse()) await cleanup().catch(() => undefined);
    console.error(`\n${signal}: benchmark stopped, its server and temporary data removed`);
    process.exit(130);
  });
}

/**
 * @template T
 * @param {() => Promise<void>} cleanup
 * @param {() => Promise<T>} work
 */
async function withCleanup(cleanup, work) {
  pendingCleanups.add(cleanup);
  try {
    return await work();
  } finally {
    pendingCleanups.delete(cleanup);
    await cleanup();
  }
}

/**
 * `ratio`: issue 18's target on PostgreSQL, requests per second against GET /health's at the same number
 * of connections (PGlite's target is half of it: its statements run on the server's own thread).
 * @typedef {{ name: string, method: 'GET' | 'POST' | 'PUT', path: string, headers?: Record<string, string>, body?: string, connections?: number, requests?: import('autocannon').Request[], large?: boolean, target?: number, ratio?: number }} Route
 * @typedef {{ route: string, connections: number, rps: number, p50: number, p95: number, p99: number, non2xx: number, errors: number, large: boolean, target: number, ratio: number | null }} Measure
 */

/** @param {string} baseUrl @param {string} username */
async function login(baseUrl, username) {
  const response = await fetch(`${baseUrl}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status === 404) {
    throw new Error('POST /api/login_check answers 404: the login route does not exist yet, nothing to measure');
  }
  const body = /** @type {{ token?: string }} */ (await response.json().catch(() => ({})));
  if (!response.ok || !body.token) {
    throw new Error(`logging in as ${username} failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

/**
 * @template T
 * @param {string} baseUrl @param {string} path @param {Record<string, string>} headers
 * @returns {Promise<T>}
 */
async function getJson(baseUrl, path, headers) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return /** @type {Promise<T>} */ (response.json());
}

/**
 * The bench user's first triad, a questionnaire it has to complete there and one short-text field it
 * may write: GET of that questionnaire, and a private-draft save of that field. Saves carry the
 * reply's version, so the save is measured on one connection, each request sending the version the
 * previous answer returned.
 * @param {string} baseUrl @param {Record<string, string>} bearer @returns {Promise<Route[]>}
 */
async function questionnaireRoutes(baseUrl, bearer) {
  /** @type {import('@lea/shared').TrainingListResponse} */
  const courses = await getJson(baseUrl, '/api/fr/app/training/list?archive=1', bearer);
  const course = courses.trainingCourses[0];
  if (!course) throw new Error('the bench user has no active training course in the demo data');
  /** @type {import('@lea/shared').TriadListResponse} */
  const triads = await getJson(baseUrl, `/api/fr/app/triad/list/${course.id}`, bearer);
  const triad = triads.triads[0];
  if (!triad) throw new Error('the bench user has no triad in the demo data');
  /** @type {import('@lea/shared').QuestionnaireList} */
  const list = await getJson(baseUrl, `/api/fr/app/questionnaire/list/${triad.id}`, bearer);
  const summaries = list.years.flatMap((year) => year.categories.flatMap((category) => category.questionnaires));
  const summary = summaries.find((candidate) => candidate.userHasToComplete);
  if (!summary) throw new Error('the bench user has no questionnaire to complete in the demo data');
  const viewPath = `/api/fr/app/questionnaire/${triad.id}/${summary.id}`;
  /** @type {import('@lea/shared').QuestionnaireView} */
  const view = await getJson(baseUrl, viewPath, bearer);
  /** @param {import('@lea/shared').QuestionItem[]} items @returns {import('@lea/shared').QuestionItem[]} */
  const flatten = (items) => items.flatMap((item) => [item, ...flatten(item.questions)]);
  const field = flatten(view.questions).find((item) => item.writable && item.itemType === 'field' && item.type === 0);
  if (!field) throw new Error(`questionnaire ${summary.id} has no short-text field the bench user may write`);
  let version = view.userReply?.version ?? 0;
  const profile = view.userProfile;
  return [
    { name: 'GET one questionnaire', method: 'GET', path: viewPath, headers: bearer, ratio: 0.1 },
    {
      name: 'PUT draft save (mode 1)',
      method: 'PUT',
      path: `/api/fr/app/questionnaire/save/${triad.id}/${summary.id}`,
      headers: bearer,
      connections: 1,
      ratio: 0.08,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ draft: 1, profile, version, answers: [{ questionId: field.id, value: `Brouillon ${version}` }] }),
          }),
          onResponse: (status, body) => {
            if (status === 200) version = JSON.parse(body).responses[0].object.version;
          },
        },
      ],
    },
  ];
}

/** The value under which `percent` % of the sorted `values` fall (nearest rank). */
function percentile(/** @type {number[]} */ values, /** @type {number} */ percent) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Waits until the server has finished what the previous measurement left in flight (autocannon stops
 * sending, but requests already received still run: on PGlite they hold the server's one thread), so
 * that they do not count against the next route: three quick answers of GET /health in a row.
 * @param {string} baseUrl
 */
async function settle(baseUrl) {
  let quick = 0;
  for (let attempt = 0; attempt < 600 && quick < 3; attempt++) {
    const started = performance.now();
    await fetch(`${baseUrl}/health`).then((response) => response.arrayBuffer());
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    if (quick === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** @param {string} baseUrl @param {Route} route @returns {Promise<Measure>} */
async function measure(baseUrl, route) {
  await settle(baseUrl);
  const run = autocannon({
    url: `${baseUrl}${route.path}`,
    method: route.method,
    headers: { ...route.headers, ...(route.body || route.requests ? { 'content-type': 'application/json' } : {}) },
    body: route.body,
    requests: route.requests,
    connections: route.connections ?? CONNECTIONS,
    duration: DURATION,
  });
  // autocannon reports p97.5, not p95: the 2xx answers' times are kept to compute it.
  /** @type {number[]} */
  const times = [];
  run.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status < 300) times.push(responseTime);
  });
  const result = await run;
  return {
    route: route.name,
    connections: route.connections ?? CONNECTIONS,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(times, 95),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    large: route.large === true,
    target: route.target ?? LARGE_COURSE_P95_TARGET_MS,
    ratio: route.ratio ?? null,
  };
}

/** A rate against /health's: `0.42x`, or `1/380` when the route is under a tenth of it (two decimals would print 0.00x). */
const ratioText = (/** @type {number} */ ratio) => (ratio >= 0.1 || ratio === 0 ? `${ratio.toFixed(2)}x` : `1/${Math.round(1 / ratio)}`);

/**
 * Each route's ratio is taken against the trivial route measured with the same number of
 * connections (a draft save is measured on one connection: see questionnaireRoutes).
 * @param {string} title @param {Measure[]} rows @param {number} ratioScale what the engine's ratio targets are of PostgreSQL's
 */
function printTable(title, rows, ratioScale) {
  const trivialFor = (/** @type {number} */ connections) =>
    rows.find((row) => row.route === 'GET /health' && row.connections === connections)?.rps ?? 0;
  const header = ['route', 'connections', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors', 'vs /health'];
  const table = [
    header,
    ...rows.map((row) => [
      row.route,
      String(row.connections),
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      row.p99.toFixed(1),
      String(row.non2xx),
      String(row.errors),
      trivialFor(row.connections) > 0 ? ratioText(row.rps / trivialFor(row.connections)) : '-',
    ]),
  ];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column]?.length ?? 0)));
  console.log(`\n${title}  (${DURATION} s per route)`);
  for (const [index, line] of table.entries()) {
    console.log(
      `  ${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')}`,
    );
    if (index === 0) console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  }
  const large = rows.filter((row) => row.large);
  if (large.length > 0) {
    console.log(
      `\n  Course of ${BENCH_TRIADS} triads, target p95 < ${LARGE_COURSE_P95_TARGET_MS} ms (signature dashboard ${SIGNATURE_DASHBOARD_P95_TARGET_MS} ms on one connection, ${SIGNATURE_DASHBOARD_LOADED_P95_TARGET_MS} ms under load):`,
    );
    for (const row of large) {
      const verdict = row.rps === 0 ? 'NO ANSWER' : row.non2xx === 0 && row.errors === 0 && row.p95 < row.target ? 'ok' : 'OVER TARGET';
      console.log(
        `    ${verdict.padEnd(11)} ${row.route} (${row.connections} conn.): p95 ${row.p95.toFixed(1)} ms (target ${row.target} ms)`,
      );
    }
  }
  const targeted = rows.filter((row) => row.ratio !== null);
  if (targeted.length > 0) {
    console.log(
      `\n  Issue 18 targets (requests/s against GET /health's at the same connections${ratioScale < 1 ? ", half of PostgreSQL's on PGlite" : ''}):`,
    );
    for (const row of targeted) {
      const target = (row.ratio ?? 0) * ratioScale;
      const trivial = trivialFor(row.connections);
      const ratio = trivial > 0 ? row.rps / trivial : 0;
      const verdict = row.non2xx > 0 || row.errors > 0 ? 'ERRORS' : ratio >= target ? 'met' : 'MISSED';
      console.log(`    ${verdict.padEnd(11)} ${row.route} (${row.connections} conn.): ${ratioText(ratio)} (target ${ratioText(target)})`);
    }
  }
}

/**
 * The dashboard and the course list on the course of 1,000 triads (issue 4), each measured with the
 * usual load and on one connection (the latency of one request, without queueing behind others):
 * the triad's dashboard as the demo manager and as the triad's apprentice, the manager's course
 * list, and the course's triad list paged as the course list screen pages it.
 * @param {string} baseUrl @param {{ courseId: number, triadId: number }} bench @param {Record<string, string>} manager
 * @returns {Promise<Route[]>}
 */
async function largeCourseRoutes(baseUrl, bench, manager) {
  const member = { authorization: `Bearer ${await login(baseUrl, BENCH_APPRENTICE)}` };
  /** @type {import('@lea/shared').TriadListResponse} */
  const first = await getJson(baseUrl, `/api/fr/app/triad/list/${bench.courseId}?length=${TRIAD_PAGE_LENGTH}&page=0`, manager);
  if (first.count !== BENCH_TRIADS) throw new Error(`the bench course lists ${first.count} triads, not ${BENCH_TRIADS}`);
  const pages = Math.ceil(first.count / TRIAD_PAGE_LENGTH);
  const pagePath = (/** @type {number} */ page) => `/api/fr/app/triad/list/${bench.courseId}?length=${TRIAD_PAGE_LENGTH}&page=${page}`;
  /** Each request asks for the next page, round the course. @returns {import('autocannon').Request[]} */
  const cyclePages = () => {
    let next = 0;
    return [{ setupRequest: (request) => ({ ...request, path: pagePath(next++ % pages) }) }];
  };
  /** The signature dashboard's compact pages, as the web grid asks for them (COMPACT_DASHBOARD_LENGTH triads). */
  const compactPages = Math.ceil(BENCH_TRIADS / COMPACT_DASHBOARD_LENGTH);
  const compactPath = (/** @type {number} */ page) => `/api/fr/app/lea-manager/${bench.courseId}/dashboard?compact=1&page=${page}`;
  /** @returns {import('autocannon').Request[]} */
  const cycleCompact = () => {
    let next = 0;
    return [{ setupRequest: (request) => ({ ...request, path: compactPath(next++ % compactPages) }) }];
  };
  /** @type {Route[]} */
  const routes = [];
  for (const connections of [CONNECTIONS, 1]) {
    // Issue 18's ratios are taken under the usual load; the one-connection runs show the latency alone.
    const atLoad = (/** @type {number} */ ratio) => (connections === CONNECTIONS ? { ratio } : {});
    routes.push(
      {
        name: `GET triad/{id} (${BENCH_TRIADS}-triad course, manager)`,
        method: 'GET',
        path: `/api/fr/app/triad/${bench.triadId}`,
        headers: manager,
        connections,
        large: true,
        ...atLoad(0.1),
      },
      {
        name: `GET triad/{id} (${BENCH_TRIADS}-triad course, apprentice)`,
        method: 'GET',
        path: `/api/fr/app/triad/${bench.triadId}`,
        headers: member,
        connections,
        large: true,
        ...atLoad(0.1),
      },
      {
        name: 'GET training/list (manager of 3 courses)',
        method: 'GET',
        path: '/api/fr/app/training/list?archive=1&length=20&page=0',
        headers: manager,
        connections,
        large: true,
        ...atLoad(0.15),
      },
      {
        name: `GET triad/list/{course}?page=0..${pages - 1}`,
        method: 'GET',
        path: pagePath(0),
        headers: manager,
        connections,
        requests: cyclePages(),
        large: true,
        ...atLoad(0.1),
      },
      {
        // The compact variant the web grid reads (decision 035), page after page as the grid loads them;
        // measured before the full answer, whose last slow requests would still hold the server.
        name: `GET lea-manager/{course}/dashboard?compact=1&page=0..${compactPages - 1} (${BENCH_QUESTIONNAIRES} questionnaires)`,
        method: 'GET',
        path: compactPath(0),
        headers: manager,
        connections,
        requests: cycleCompact(),
        large: true,
        target: connections === 1 ? SIGNATURE_DASHBOARD_P95_TARGET_MS : SIGNATURE_DASHBOARD_LOADED_P95_TARGET_MS,
      },
      {
        name: `GET lea-manager/{course}/dashboard (${BENCH_TRIADS} triads × ${BENCH_QUESTIONNAIRES} questionnaires)`,
        method: 'GET',
        path: `/api/fr/app/lea-manager/${bench.courseId}/dashboard`,
        headers: manager,
        connections,
        large: true,
        target: connections === 1 ? SIGNATURE_DASHBOARD_P95_TARGET_MS : SIGNATURE_DASHBOARD_LOADED_P95_TARGET_MS,
      },
    );
  }
  return routes;
}

/** @param {string} title @param {Record<string, string>} env @param {number} ratioScale */
async function benchOneEngine(title, env, ratioScale) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lea-bench-'));
  // The general rate limit is off: the bench hammers each route from one user on purpose.
  const serverEnv = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'lea-bench-secret-0123456789abcdef',
    LEA_DEMO: '1',
    WEB_DIST: '',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    RATE_LIMIT_READS_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    ...env,
  };
  /** @type {import('./lib/server.mjs').RunningServer | null} */
  let server = null;
  const cleanup = async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await withCleanup(cleanup, async () => {
    // A first start migrates and seeds the demo; the large course is added while no server holds
    // the database (an embedded PGlite opens in one process only), then the measured server starts.
    process.stdout.write(`  seeding the demo and a course of ${BENCH_TRIADS} triads ...\n`);
    server = await startServer({ port: await findFreePort(), env: serverEnv, nodeArgs: SERVER_NODE_ARGS });
    await server.stop();
    const bench = await seedBenchCourse({ dataDir, databaseUrl: env.DATABASE_URL || null });
    await seedBenchUsers({ dataDir, databaseUrl: env.DATABASE_URL || null });
    server = await startServer({ port: await findFreePort(), env: serverEnv, nodeArgs: SERVER_NODE_ARGS });
    const token = await login(server.url, BENCH_USER);
    const bearer = { authorization: `Bearer ${token}` };
    const manager = { authorization: `Bearer ${await login(server.url, 'manager')}` };
    /** @type {Route[]} */
    const routes = [
      { name: 'GET /health', method: 'GET', path: '/health' },
      { name: 'GET /api/fr/app/user/me', method: 'GET', path: '/api/fr/app/user/me', headers: bearer, ratio: 0.4 },
      { name: 'GET /api/fr/app/design', method: 'GET', path: '/api/fr/app/design', ratio: 0.5 },
      {
        name: 'POST /api/login_check',
        method: 'POST',
        path: '/api/login_check',
        body: JSON.stringify({ username: LOGIN_USER, password: DEMO_PASSWORD }),
      },
      ...(await questionnaireRoutes(server.url, bearer)),
      ...(await skillRoutes(server.url, bearer, manager)),
      ...(await messageRoutes(server.url, bearer, { authorization: `Bearer ${await login(server.url, 'tuteur')}` })),
      ...(await calendarRoutes(server.url, bearer)),
      ...(await largeCourseRoutes(server.url, bench, manager)),
      ...adminUserRoutes({ authorization: `Bearer ${await login(server.url, 'admin')}` }, [CONNECTIONS, 1]),
      { name: 'GET /health', method: 'GET', path: '/health', connections: 1 },
    ];
    const { url } = server;
    // The measures are of a database in use, not of one loaded a second ago: PostgreSQL's autovacuum
    // analyses freshly written tables within a minute, done here at once (the embedded PGlite analyses
    // itself after enough writes: db/pglite-analyze.ts).
    if (env.DATABASE_URL) await analyzeDatabase(env.DATABASE_URL);
    /** @type {Measure[]} */
    const rows = [];
    for (const route of routes.filter(selected)) {
      process.stdout.write(`  measuring ${route.name} ...\n`);
      rows.push(await measure(url, route));
    }
    printTable(title, rows, ratioScale);
  });
}

async function main() {
  if (ENGINE !== 'postgresql') await benchOneEngine('Embedded PGlite', { DATABASE_URL: '' }, 0.5);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (ENGINE === 'pglite') return;
  if (!adminUrl) {
    console.log('\nSet BENCH_DATABASE_URL to an admin PostgreSQL URL to measure on PostgreSQL too.');
    return;
  }
  const database = await createDatabase(adminUrl, 'lea_bench');
  await withCleanup(database.drop, () => benchOneEngine('PostgreSQL', { DATABASE_URL: database.url }, 1));
}

main().catch((/** @type {unknown} */ error) => {
  console.error(`\nbenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
