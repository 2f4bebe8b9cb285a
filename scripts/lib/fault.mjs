// What the fault scripts (scripts/faults/*.mjs, issue 19 §4) share: the realistic load around a fault,
// the figures of the recovery, and the verdicts that make a script exit non-zero.
import { failuresText, loadText, loadWorkload, runLoad, signInAll, summarize, summaryText } from './load.mjs';
import { withClient } from './pg-database.mjs';

/** Requests per second around the fault: gentle by default, so that a busy shared machine is not overloaded before the fault. */
export const FAULT_RATE = Number(process.env.FAULT_RATE ?? 8);
/** Requests must all succeed again within this many seconds of the fault's end. */
export const RECOVERY_LIMIT_SECONDS = Number(process.env.FAULT_RECOVERY_SECONDS ?? 10);

/**
 * @typedef {{ name: string, met: boolean, text: string }} Verdict
 */

/** Prints the verdicts; returns the exit code (1 when one failed). @param {Verdict[]} verdicts */
export function report(verdicts) {
  console.log(`\nChecks (${loadText()}):`);
  for (const verdict of verdicts) console.log(`  ${verdict.met ? 'ok    ' : 'FAILED'}  ${verdict.name}: ${verdict.text}`);
  return verdicts.every((verdict) => verdict.met) ? 0 : 1;
}

/** The LISTEN connections of the processes on database `name` (one per process for the shared caches). */
export async function listenSessions(/** @type {string} */ adminUrl, /** @type {string} */ name) {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %'`, [
      name,
    ]);
    return Number(rows[0]?.n ?? 0);
  });
}

/** Polls `read` until it returns `expected` or `timeoutMs` passes; returns the last value and the time it took. */
export async function waitFor(/** @type {() => Promise<number>} */ read, /** @type {number} */ expected, timeoutMs = 15_000) {
  const started = performance.now();
  let value = await read().catch(() => -1);
  while (value !== expected && performance.now() - started < timeoutMs) {
    await new Promise((done) => setTimeout(done, 200));
    value = await read().catch(() => -1);
  }
  return { value, ms: performance.now() - started };
}

/**
 * Runs the mix at FAULT_RATE on `urls` for `beforeSeconds`, then `fault()` (which resolves once the
 * fault is over, e.g. PostgreSQL started again), then `afterSeconds` more. Prints and returns the
 * figures: the failures and when the requests all succeeded again, counted from the fault's end.
 * @param {{ urls: string[], databaseUrl: string, fault: () => Promise<void>, beforeSeconds?: number, afterSeconds?: number }} options
 */
export async function loadAroundFault({ urls, databaseUrl, fault, beforeSeconds = 15, afterSeconds = 30 }) {
  const workload = await loadWorkload(databaseUrl, { apprentices: 200, tutors: 20 });
  console.log(`Signing in ${workload.users.length} users ...`);
  await signInAll(urls, workload);
  console.log(`Load: ${FAULT_RATE} requests/s on ${urls.length} processes (${loadText()})`);
  const origin = performance.now();
  const times = { faultAt: 0, faultEnd: 0 };
  const stopSignal = { stopped: false };
  const running = runLoad({ urls, workload, rate: FAULT_RATE, durationMs: 3_600_000, stopSignal });
  await new Promise((done) => setTimeout(done, beforeSeconds * 1000));
  times.faultAt = performance.now() - origin;
  console.log(`  fault at ${(times.faultAt / 1000).toFixed(1)} s`);
  await fault();
  times.faultEnd = performance.now() - origin;
  console.log(`  fault over at ${(times.faultEnd / 1000).toFixed(1)} s (${loadText()})`);
  await new Promise((done) => setTimeout(done, afterSeconds * 1000));
  stopSignal.stopped = true;
  const records = await running;
  const before = records.filter((record) => record.at < times.faultAt);
  const during = records.filter((record) => record.at >= times.faultAt && record.at < times.faultEnd);
  const after = records.filter((record) => record.at >= times.faultEnd);
  const failures = records.filter((record) => !record.ok && record.at >= times.faultAt);
  const lastFailure = failures.reduce((latest, record) => Math.max(latest, record.at + record.latency), times.faultEnd);
  const firstSuccess = after.filter((record) => record.ok).reduce((first, record) => Math.min(first, record.at + record.latency), Infinity);
  const figures = {
    before: summarize(before),
    during: summarize(during),
    after: summarize(after),
    errors: failures.length,
    /** From the fault's end to the first successful answer. */
    firstSuccessMs: firstSuccess - times.faultEnd,
    /** From the fault's end to the last failed answer: every later request succeeded. */
    recoveredMs: Math.max(0, lastFailure - times.faultEnd),
    tail: summarize(after.filter((record) => record.at >= times.faultEnd + RECOVERY_LIMIT_SECONDS * 1000)),
  };
  console.log(`\n  before the fault:   ${summaryText(figures.before)}`);
  console.log(`  during the fault:   ${summaryText(figures.during)} (${((times.faultEnd - times.faultAt) / 1000).toFixed(1)} s)`);
  console.log(`  after the fault:    ${summaryText(figures.after)}`);
  console.log(`  failures from the fault on: ${figures.errors} (${failuresText(records.filter((record) => record.at >= times.faultAt))})`);
  console.log(
    `  first success ${(figures.firstSuccessMs / 1000).toFixed(2)} s after the fault's end; last failure ${(figures.recoveredMs / 1000).toFixed(2)} s after it`,
  );
  return figures;
}

/**
 * The checks of a fault the processes must ride out: both answer /health, every request succeeds again
 * within RECOVERY_LIMIT_SECONDS of the fault's end, and the LISTEN connections are all back.
 * @param {Awaited<ReturnType<typeof loadAroundFault>>} figures @param {boolean[]} health
 * @param {{ before: number, after: number, expected: number }} listen
 * @returns {Verdict[]}
 */
export function recoveryVerdicts(figures, health, listen) {
  return [
    {
      name: 'processes alive',
      met: health.every(Boolean),
      text: `GET /health: ${health.map((ok) => (ok ? '200' : 'no answer')).join(', ')}`,
    },
    {
      name: 'recovery',
      met: figures.recoveredMs <= RECOVERY_LIMIT_SECONDS * 1000 && figures.tail.successRate === 1,
      text: `${figures.errors} failed requests (${figures.during.count} sent during the fault); first success ${(figures.firstSuccessMs / 1000).toFixed(2)} s after its end, all succeed after ${(figures.recoveredMs / 1000).toFixed(2)} s (limit ${RECOVERY_LIMIT_SECONDS} s), then ${(figures.tail.successRate * 100).toFixed(2)} % ok`,
    },
    {
      name: 'LISTEN reconnected',
      met: listen.before === listen.expected && listen.after === listen.expected,
      text: `LISTEN sessions before ${listen.before}, after ${listen.after} (expected ${listen.expected})`,
    },
  ];
}

/**
 * Prints the end of the log of each process that no longer answers /health (why it died).
 * @param {import('./server.mjs').RunningServer[]} servers @param {boolean[]} health
 */
export function printDeadLogs(servers, health) {
  servers.forEach((server, index) => {
    if (health[index]) return;
    console.log(`\n  process ${index + 1} (pid ${server.pid}) no longer answers; the end of its log:\n${server.output().slice(-4000)}`);
  });
}
