// The realistic load of `npm run soak` and of the fault scripts (issue 19 §3-4): a fresh PostgreSQL
// database with the demo and the 1,000-triad course, API processes on it, and an open-model load
// (requests scheduled at a constant rate, whatever the answers) replaying a mix of what the users of
// that course do: sign-in, user/me, dashboard calls, questionnaire list and view, draft save,
// signature, document list, message list. Every request's status and latency are recorded.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_COURSE_NAME, seedBenchCourse } from './bench-course.mjs';
import { analyzeDatabase, createDatabase, withClient } from './pg-database.mjs';
import { findFreePort, startServer } from './server.mjs';

export const DEMO_PASSWORD = 'Demo-Lea-2026!';
/** A request that has not answered after this long counts as failed. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Access tokens live 15 minutes: a user renews theirs between 8 and 13 minutes after the last time. */
const RELOGIN_MIN_MS = 8 * 60_000;
const RELOGIN_SPREAD_MS = 5 * 60_000;
/** A start migrates and seeds: on a machine shared with other test suites it may take minutes. */
const START_TIMEOUT_MS = 600_000;

/** @param {number} ms */
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The value under which `percent` % of `values` fall (nearest rank). */
export function percentile(/** @type {number[]} */ values, /** @type {number} */ percent) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1)] ?? 0;
}

/** The resident memory of a process in MB, from /proc (null once it is gone). */
export function rssMb(/** @type {number} */ pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** `load 3.12 2.80 2.41`: the machine is shared, every figure is printed beside it. */
export const loadText = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** Undo steps (stop servers, drop a database) that Ctrl-C must not skip. @type {Array<() => Promise<void>>} */
const cleanups = [];
/** @param {() => Promise<void>} cleanup */
export function onCleanup(cleanup) {
  cleanups.push(cleanup);
}
export async function runCleanups() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => console.error(`cleanup: ${error}`));
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, async () => {
    await runCleanups();
    console.error(`\n${signal}: stopped, servers and temporary data removed`);
    process.exit(130);
  });
}

/**
 * Runs `main`, then the cleanups; exits 1 when it threw, else with the code it returned.
 * @param {() => Promise<number | void>} main
 */
export function runScript(main) {
  main().then(
    async (code) => {
      await runCleanups();
      process.exit(code ?? 0);
    },
    async (/** @type {unknown} */ error) => {
      console.error(`\nfailed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await runCleanups();
      process.exit(1);
    },
  );
}

/** The environment every API process of a run shares (one JWT secret, no mail, no web app). */
export function serverEnv(/** @type {string} */ databaseUrl, /** @type {Record<string, string>} */ extra = {}) {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'lea-load-secret-0123456789abcdef',
    LEA_DEMO: '1',
    WEB_DIST: '',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    ...extra,
  };
}

/**
 * A fresh database on the server of `adminUrl` with the demo (seeded by a first start of the server)
 * and the 1,000-triad course, analysed; dropped at cleanup.
 * @param {string} adminUrl @param {string} prefix
 */
export async function prepareDatabase(adminUrl, prefix) {
  const database = await createDatabase(adminUrl, prefix);
  onCleanup(database.drop);
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-seed-`));
  try {
    const seeder = await startServer({
      port: await findFreePort(),
      env: { ...serverEnv(database.url), DATA_DIR: dataDir },
      timeoutMs: START_TIMEOUT_MS,
    });
    await seeder.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bench = await seedBenchCourse({ dataDir, databaseUrl: database.url });
  await analyzeDatabase(database.url);
  return { ...database, ...bench };
}

/**
 * `count` API processes on `databaseUrl`, each with its own DATA_DIR (the files of a run are not
 * shared: the load uploads none); stopped at cleanup.
 * @param {string} databaseUrl @param {{ count?: number, env?: Record<string, string> }} [options]
 */
export async function startProcesses(databaseUrl, { count = 2, env = {} } = {}) {
  /** @type {import('./server.mjs').RunningServer[]} */
  const servers = [];
  for (let index = 0; index < count; index++) {
    const dataDir = mkdtempSync(join(tmpdir(), `lea-load-${index}-`));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({
      port: await findFreePort(),
      env: { ...serverEnv(databaseUrl, env), DATA_DIR: dataDir },
      timeoutMs: START_TIMEOUT_MS,
    });
    onCleanup(server.stop);
    servers.push(server);
  }
  return servers;
}

/**
 * POST /api/login_check (argon2: the costly request of the mix), or with `refreshToken` POST
 * /api/token/refresh, as the web app renews its access token before it expires.
 * @param {string} baseUrl @param {string} username @param {string | null} [refreshToken]
 * @returns {Promise<{ status: number, token: string | null, refreshToken: string | null }>}
 */
export async function login(baseUrl, username, refreshToken = null) {
  const response = await fetch(`${baseUrl}/api/${refreshToken ? 'token/refresh' : 'login_check'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(refreshToken ? { refresh_token: refreshToken } : { username, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = /** @type {{ token?: string, refresh_token?: string, refreshToken?: string }} */ (await response.json().catch(() => ({})));
  return {
    status: response.status,
    token: response.ok ? (body.token ?? null) : null,
    refreshToken: response.ok ? (body.refresh_token ?? body.refreshToken ?? null) : null,
  };
}

/**
 * @typedef {{ id: number, questionnaireId: number, version: number, busy: boolean }} ReplyRef
 * @typedef {{ username: string, triadId: number, profile: number, token: string | null, refreshToken: string | null, reloginAt: number, renewing: boolean,
 *   views: number[], drafts: ReplyRef[], signable: ReplyRef[] }} LoadUser
 * @typedef {{ users: LoadUser[], category: string }} Workload
 */

/**
 * The users of the load: `apprentices` apprentices of the 1,000-triad course (profile 1: they view,
 * save drafts on half of their shared drafts and sign the other half) and `tutors` tutors (profile 2:
 * they read), each with one triad. Read from the database, as the seed left it.
 * @param {string} databaseUrl @param {{ apprentices?: number, tutors?: number }} [options] @returns {Promise<Workload>}
 */
export async function loadWorkload(databaseUrl, { apprentices = 300, tutors = 50 } = {}) {
  return withClient(databaseUrl, async (client) => {
    const people = await client.query(
      `select distinct on (u.id) u.username, t.id as triad_id, case when u.id = t.apprentice_id then 1 else 2 end as profile
       from triads t join training_courses c on c.id = t.training_course_id
       join users u on u.id in (t.apprentice_id, t.tutor_id)
       where c.display_name = $1 and (u.username <= $2 and u.username like 'banc-apprenti-%' or u.username <= $3 and u.username like 'banc-tuteur-%')
       order by u.id, t.id`,
      [BENCH_COURSE_NAME, `banc-apprenti-${String(apprentices).padStart(4, '0')}`, `banc-tuteur-${String(tutors).padStart(2, '0')}`],
    );
    const replies = await client.query(
      `select r.id, r.triad_id, r.questionnaire_id, r.status, r.version from replies r
       join questionnaires q on q.id = r.questionnaire_id join training_courses c on c.id = q.training_course_id
       where c.display_name = $1 and r.profile = 1 and r.triad_id = any($2::int[]) order by r.id`,
      [BENCH_COURSE_NAME, people.rows.map((/** @type {{ triad_id: number }} */ row) => row.triad_id)],
    );
    /** @type {LoadUser[]} */
    const users = people.rows.map((/** @type {{ username: string, triad_id: number, profile: number }} */ row) => ({
      username: row.username,
      triadId: Number(row.triad_id),
      profile: Number(row.profile),
      token: null,
      refreshToken: null,
      reloginAt: 0,
      renewing: false,
      views: [],
      drafts: [],
      signable: [],
    }));
    const byTriad = new Map(users.filter((user) => user.profile === 1).map((user) => [user.triadId, user]));
    for (const row of replies.rows) {
      const user = byTriad.get(Number(row.triad_id));
      if (!user) continue;
      const ref = { id: Number(row.id), questionnaireId: Number(row.questionnaire_id), version: Number(row.version), busy: false };
      user.views.push(ref.questionnaireId);
      if (Number(row.status) === 2) (ref.id % 2 === 0 ? user.signable : user.drafts).push(ref);
    }
    for (const user of users.filter((candidate) => candidate.profile === 2)) {
      user.views = [...new Set(replies.rows.map((/** @type {{ questionnaire_id: number }} */ row) => Number(row.questionnaire_id)))];
    }
    const [category] = (await client.query(`select code from document_categories order by id limit 1`)).rows;
    return { users, category: String(category?.code ?? 'general') };
  });
}

/**
 * Signs every user in before the measured load (4 at a time, across the processes), staggering their
 * next sign-in so that the tokens do not all expire together.
 * @param {string[]} urls @param {Workload} workload
 */
export async function signInAll(urls, workload) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < workload.users.length; index = next++) {
      const user = /** @type {LoadUser} */ (workload.users[index]);
      // Not measured: a busy machine may be slow to hash, so each sign-in is tried a few times.
      let answer = { status: 0, token: /** @type {string | null} */ (null), refreshToken: /** @type {string | null} */ (null) };
      for (let attempt = 0; attempt < 5 && !answer.token; attempt++) {
        answer = await login(urls[(index + attempt) % urls.length] ?? '', user.username).catch(() => answer);
      }
      if (!answer.token) throw new Error(`signing in as ${user.username} answered ${answer.status}`);
      user.token = answer.token;
      user.refreshToken = answer.refreshToken;
      user.reloginAt = Date.now() + RELOGIN_MIN_MS + Math.random() * RELOGIN_SPREAD_MS;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/**
 * The mix, in shares of the requests (they add up to 100). A user whose token is due for renewal signs
 * in instead (counted as `login`); a signature or a draft save without a reply left to use becomes a
 * questionnaire view.
 */
export const MIX = /** @type {const} */ ([
  ['login', 2],
  ['user/me', 15],
  ['dashboard triad/{id}', 12],
  ['training/list', 5],
  ['questionnaire/todo', 6],
  ['questionnaire/list', 8],
  ['questionnaire view', 16],
  ['draft save', 12],
  ['sign', 4],
  ['document list', 10],
  ['message list', 10],
]);

/**
 * @typedef {{ at: number, op: string, target: number, status: number, ok: boolean, latency: number }} LoadRecord
 */

const pick = (/** @type {readonly any[]} */ list) => list[Math.floor(Math.random() * list.length)];

/** @param {string} op @param {LoadUser} user @param {string} category */
function requestFor(op, user, category) {
  const api = '/api/fr/app';
  const json = { 'content-type': 'application/json' };
  if (op === 'draft save' || op === 'sign') {
    const pool = op === 'sign' ? user.signable : user.drafts;
    const reply = pool.find((candidate) => !candidate.busy);
    if (reply) {
      const draft = op === 'sign' ? 3 : 1;
      return {
        name: op,
        reply,
        path: `${api}/questionnaire/save/${user.triadId}/${reply.questionnaireId}`,
        init: { method: 'PUT', headers: json, body: JSON.stringify({ draft, profile: 1, version: reply.version, answers: [] }) },
      };
    }
    op = 'questionnaire view';
  }
  /** @type {Record<string, string>} */
  const paths = {
    'user/me': `${api}/user/me`,
    'dashboard triad/{id}': `${api}/triad/${user.triadId}`,
    'training/list': `${api}/training/list?archive=1&length=20&page=0`,
    'questionnaire/todo': `${api}/questionnaire/todo`,
    'questionnaire/list': `${api}/questionnaire/list/${user.triadId}`,
    'questionnaire view': `${api}/questionnaire/${user.triadId}/${pick(user.views)}`,
    'document list': `${api}/document/${user.triadId}/${category}/list`,
    'message list': `${api}/message/list/`,
  };
  return { name: op, reply: null, path: paths[op] ?? '', init: /** @type {RequestInit} */ ({ method: 'GET' }) };
}

/**
 * One request of the mix for a random user, sent to `baseUrl`; resolves to its record (latency from
 * `scheduled`, so that a late client does not hide a slow server).
 * @param {string} baseUrl @param {number} target @param {Workload} workload @param {number} scheduled @param {number} origin
 * @returns {Promise<LoadRecord>}
 */
async function sendOne(baseUrl, target, workload, scheduled, origin) {
  const user = /** @type {LoadUser} */ (pick(workload.users));
  let op = /** @type {string} */ ('');
  let roll = Math.random() * 100;
  for (const [name, share] of MIX) {
    op = name;
    if ((roll -= share) < 0) break;
  }
  const record = (/** @type {string} */ name, /** @type {number} */ status, /** @type {boolean} */ ok) => ({
    at: scheduled - origin,
    op: name,
    target,
    status,
    ok,
    latency: performance.now() - scheduled,
  });
  // A due renewal uses the refresh token (one at a time per user: refresh tokens rotate); a failed
  // sign-in or renewal is tried again 30 s later, not on every request of the user.
  const renew = !user.renewing && Date.now() > user.reloginAt;
  if (op === 'login' || renew) {
    const name = op === 'login' || !user.refreshToken ? 'login' : 'token refresh';
    user.renewing = true;
    const answer = await login(baseUrl, user.username, name === 'login' ? null : user.refreshToken).catch(() => ({
      status: 0,
      token: null,
      refreshToken: null,
    }));
    user.renewing = false;
    if (answer.token) {
      user.token = answer.token;
      user.refreshToken = answer.refreshToken;
      user.reloginAt = Date.now() + RELOGIN_MIN_MS + Math.random() * RELOGIN_SPREAD_MS;
    } else {
      user.reloginAt = Date.now() + 30_000;
      // A refresh token refused (its family ended) means signing in again, as the web app does.
      if (answer.status === 401) user.refreshToken = null;
    }
    return record(name, answer.status, answer.token !== null);
  }
  const { name, reply, path, init } = requestFor(op, user, workload.category);
  if (reply) reply.busy = true;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${user.token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let ok = response.ok;
    if (reply && ok) {
      const body = JSON.parse(text);
      ok = body.hasError === false;
      const version = body.responses?.[0]?.object?.version;
      if (typeof version === 'number') reply.version = version;
      // A signed reply is signed for good; one whose answer was lost (status 0) is left alone too.
      if (ok && name === 'sign') user.signable = user.signable.filter((candidate) => candidate !== reply);
    }
    return record(name, response.status, ok);
  } catch {
    if (reply && name === 'sign') user.signable = user.signable.filter((candidate) => candidate !== reply);
    return record(name, 0, false);
  } finally {
    if (reply) reply.busy = false;
  }
}

/**
 * The open-model load: from now, `rate(elapsedMs)` requests per second, each sent at its scheduled
 * time to the next process in turn without waiting for earlier answers, until `durationMs`.
 * `onRecord` receives every answer. Resolves once every request has answered (or timed out).
 * @param {{ urls: string[], workload: Workload, rate: number | ((elapsedMs: number) => number), durationMs: number,
 *   onRecord?: (record: LoadRecord) => void, stopSignal?: { stopped: boolean } }} options
 * @returns {Promise<LoadRecord[]>}
 */
export async function runLoad({ urls, workload, rate, durationMs, onRecord, stopSignal }) {
  const rateAt = typeof rate === 'function' ? rate : () => rate;
  /** @type {LoadRecord[]} */
  const records = [];
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  const origin = performance.now();
  let next = origin;
  let sent = 0;
  while (next - origin < durationMs && !stopSignal?.stopped) {
    const now = performance.now();
    if (now < next) {
      await sleep(Math.max(1, next - now));
      continue;
    }
    const target = sent++ % urls.length;
    const scheduled = next;
    // A guard in case an answer never settles (a request is failed at REQUEST_TIMEOUT_MS already).
    const guard = sleep(REQUEST_TIMEOUT_MS + 5_000).then(() => ({
      at: scheduled - origin,
      op: 'no answer',
      target,
      status: 0,
      ok: false,
      latency: performance.now() - scheduled,
    }));
    const promise = Promise.race([sendOne(urls[target] ?? '', target, workload, scheduled, origin), guard]).then((record) => {
      records.push(record);
      onRecord?.(record);
      inFlight.delete(promise);
    });
    inFlight.add(promise);
    next += 1000 / rateAt(next - origin);
    // A client that fell behind its schedule (a starved machine) catches up without starving its own
    // answers, timers and signals.
    if (sent % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all([...inFlight]);
  return records;
}

/** Count, success rate, latency percentiles and achieved rate of some records. @param {LoadRecord[]} records @param {number} [seconds] */
export function summarize(records, seconds) {
  const latencies = records.map((record) => record.latency);
  const ok = records.filter((record) => record.ok).length;
  return {
    count: records.length,
    ok,
    successRate: records.length === 0 ? 1 : ok / records.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    okPerSecond: seconds ? ok / seconds : 0,
  };
}

/** `99.95 % ok, p50 12 ms, p95 80 ms, p99 140 ms` */
export function summaryText(/** @type {ReturnType<typeof summarize>} */ summary) {
  return `${summary.count} requests, ${(summary.successRate * 100).toFixed(2)} % ok, p50 ${summary.p50.toFixed(0)} ms, p95 ${summary.p95.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms`;
}

/** The failed records grouped by operation and status: `sign 0 ×3, user/me 500 ×1`. @param {LoadRecord[]} records */
export function failuresText(records) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const record of records.filter((candidate) => !candidate.ok)) {
    const key = `${record.op} ${record.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ') || 'none';
}

/**
 * Whether each server process is alive and answers GET /health 200, asked again for up to `patienceMs`
 * (a process still working off a backlog on a busy machine is slow, not dead).
 * @param {string[]} urls @param {number[]} [pids] @param {number} [patienceMs]
 */
export async function healthOf(urls, pids = [], patienceMs = 60_000) {
  const alive = (/** @type {number | undefined} */ pid) => {
    if (!pid) return true;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return Promise.all(
    urls.map(async (url, index) => {
      const deadline = Date.now() + patienceMs;
      do {
        if (!alive(pids[index])) return false;
        const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) }).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return true;
        await sleep(1000);
      } while (Date.now() < deadline);
      return false;
    }),
  );
}
