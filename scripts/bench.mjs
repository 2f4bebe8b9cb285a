// `npm run bench`: request rates and latencies of a few routes against the trivial one.
// Starts the server (no build, no web app) on a fresh embedded database with the demo seed; with
// BENCH_DATABASE_URL (an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres) it
// also runs on a fresh PostgreSQL database created for the run and dropped after.
// BENCH_DURATION (seconds per route, default 8) and BENCH_CONNECTIONS (default 10) tune the load.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './lib/freshness.mjs';
import { findFreePort, startServer } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DEMO_PASSWORD = 'Demo-Lea-2026!';
/** The account whose routes are measured, and another one that only logs in. */
const BENCH_USER = 'apprenti';
const LOGIN_USER = 'apprenti6';

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
 * @typedef {{ name: string, method: 'GET' | 'POST', path: string, headers?: Record<string, string>, body?: string }} Route
 * @typedef {{ route: string, rps: number, p50: number, p99: number, non2xx: number, errors: number }} Measure
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

/** @param {string} baseUrl @param {Route} route @returns {Promise<Measure>} */
async function measure(baseUrl, route) {
  const result = await autocannon({
    url: `${baseUrl}${route.path}`,
    method: route.method,
    headers: { ...route.headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    body: route.body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    route: route.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** @param {string} title @param {Measure[]} rows */
function printTable(title, rows) {
  const trivial = rows[0]?.rps ?? 0;
  const header = ['route', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs /health'];
  const table = [
    header,
    ...rows.map((row) => [
      row.route,
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.non2xx),
      String(row.errors),
      trivial > 0 ? `${(row.rps / trivial).toFixed(2)}x` : '-',
    ]),
  ];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column]?.length ?? 0)));
  console.log(`\n${title}  (${CONNECTIONS} connections, ${DURATION} s per route)`);
  for (const [index, line] of table.entries()) {
    console.log(`  ${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')}`);
    if (index === 0) console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  }
}

/** @param {string} title @param {Record<string, string>} env */
async function benchOneEngine(title, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lea-bench-'));
  const server = await startServer({
    port: await findFreePort(),
    env: { DATA_DIR: dataDir, JWT_SECRET: 'lea-bench-secret-0123456789abcdef', LEA_DEMO: '1', WEB_DIST: '', LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
  });
  const cleanup = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await withCleanup(cleanup, async () => {
    const token = await login(server.url, BENCH_USER);
    const bearer = { authorization: `Bearer ${token}` };
    /** @type {Route[]} */
    const routes = [
      { name: 'GET /health', method: 'GET', path: '/health' },
      { name: 'GET /api/fr/app/user/me', method: 'GET', path: '/api/fr/app/user/me', headers: bearer },
      { name: 'GET /api/fr/app/design', method: 'GET', path: '/api/fr/app/design' },
      {
        name: 'POST /api/login_check',
        method: 'POST',
        path: '/api/login_check',
        body: JSON.stringify({ username: LOGIN_USER, password: DEMO_PASSWORD }),
      },
    ];
    /** @type {Measure[]} */
    const rows = [];
    for (const route of routes) {
      process.stdout.write(`  measuring ${route.name} ...\n`);
      rows.push(await measure(server.url, route));
    }
    printTable(title, rows);
  });
}

/** A fresh database on the BENCH_DATABASE_URL server; returns its URL and how to drop it. */
async function createBenchDatabase(/** @type {string} */ adminUrl) {
  // pg is a dependency of the server workspace: resolve it from there.
  const pg = createRequire(join(ROOT, 'apps/server/package.json'))('pg');
  const name = `lea_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

async function main() {
  await benchOneEngine('Embedded PGlite', { DATABASE_URL: '' });
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log('\nSet BENCH_DATABASE_URL to an admin PostgreSQL URL to measure on PostgreSQL too.');
    return;
  }
  const database = await createBenchDatabase(adminUrl);
  await withCleanup(database.drop, () => benchOneEngine('PostgreSQL', { DATABASE_URL: database.url }));
}

main().catch((/** @type {unknown} */ error) => {
  console.error(`\nbenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
