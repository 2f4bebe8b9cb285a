// `npm run soak` (issue 19 §3): two API processes on a fresh PostgreSQL database holding the demo and
// the 1,000-triad course, under the realistic mix of scripts/lib/load.mjs at a constant rate for a
// long time. Prints per minute and at the end the success rate, p50/p95/p99 and each process's
// memory (sampled every 10 s), against the targets: > 99.9 % success, p95 < 200 ms, memory flat
// between the 5th and the last minute. `--ramp` (or SOAK_RAMP=1) then raises the rate step by step
// and reports the throughput at which p95 crosses 200 ms. Exits 1 when a target is missed.
//
//   SOAK_DATABASE_URL   admin connection of the server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   SOAK_MINUTES        length of the constant-rate run (default 30; 0 with --ramp: the ramp only)
//   SOAK_RATE           requests per second (default 20)
//   SOAK_USERS          apprentices of the course taking part (default 400, with 50 tutors)
//   SOAK_RAMP_STEP_SECONDS  length of each ramp step (default 30)
import {
  failuresText,
  loadText,
  loadWorkload,
  percentile,
  prepareDatabase,
  rssMb,
  runLoad,
  runScript,
  signInAll,
  sleep,
  startProcesses,
  summarize,
  summaryText,
} from './lib/load.mjs';

const ADMIN_URL = process.env.SOAK_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 20);
const USERS = Number(process.env.SOAK_USERS ?? 400);
const RAMP = process.argv.includes('--ramp') || process.env.SOAK_RAMP === '1';
const RAMP_STEP_SECONDS = Number(process.env.SOAK_RAMP_STEP_SECONDS ?? 30);
const RAMP_RATES = [5, 10, 20, 40, 80, 160, 320, 640];

const SUCCESS_TARGET = 0.999;
const P95_TARGET_MS = 200;
/** "Memory flat": each process's RSS in the last minute within 10 % of the 5th minute's. */
const MEMORY_GROWTH_TARGET = 0.1;
const RSS_SAMPLE_MS = 10_000;

/** @typedef {import('./lib/load.mjs').LoadRecord} LoadRecord */

const mb = (/** @type {number | null | undefined} */ value) => (value == null ? '-' : value.toFixed(0));
const average = (/** @type {number[]} */ values) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** @param {{ at: number, rss: (number | null)[] }[]} samples @param {number} minute @param {number} index */
const rssOfMinute = (samples, minute, index) =>
  average(
    samples
      .filter((sample) => sample.at >= minute * 60_000 && sample.at < (minute + 1) * 60_000)
      .map((sample) => sample.rss[index])
      .filter((value) => value != null),
  );

async function soak(/** @type {string[]} */ urls, /** @type {number[]} */ pids, /** @type {import('./lib/load.mjs').Workload} */ workload) {
  console.log(`\nSoak: ${RATE} requests/s for ${MINUTES} min across ${urls.length} processes (${loadText()})`);
  console.log('  min  requests  ok %     p50   p95   p99 ms  RSS MB per process  load average');
  /** @type {{ at: number, rss: (number | null)[] }[]} */
  const samples = [];
  const origin = performance.now();
  const sampler = setInterval(() => samples.push({ at: performance.now() - origin, rss: pids.map(rssMb) }), RSS_SAMPLE_MS);
  /** @type {LoadRecord[][]} */
  const minutes = Array.from({ length: MINUTES }, () => []);
  let printed = 0;
  const printMinutes = (/** @type {number} */ done) => {
    for (; printed < Math.min(done, MINUTES); printed++) {
      const summary = summarize(minutes[printed] ?? []);
      const rss = pids.map((_, index) => mb(rssOfMinute(samples, printed, index))).join(' / ');
      console.log(
        `  ${String(printed + 1).padStart(3)}  ${String(summary.count).padStart(8)}  ${(summary.successRate * 100).toFixed(2).padStart(6)}  ${summary.p50.toFixed(0).padStart(5)} ${summary.p95.toFixed(0).padStart(5)} ${summary.p99.toFixed(0).padStart(5)}     ${rss.padEnd(18)}  ${loadText()}`,
      );
    }
  };
  // A minute is printed once its last requests may have timed out (10 s after it ends).
  const printer = setInterval(() => printMinutes(Math.floor((performance.now() - origin - 11_000) / 60_000)), 5_000);
  const records = await runLoad({
    urls,
    workload,
    rate: RATE,
    durationMs: MINUTES * 60_000,
    onRecord: (record) => minutes[Math.min(MINUTES - 1, Math.floor(record.at / 60_000))]?.push(record),
  });
  clearInterval(sampler);
  clearInterval(printer);
  printMinutes(MINUTES);

  const total = summarize(records, MINUTES * 60);
  console.log(`\n  Whole run: ${summaryText(total)}; ${total.okPerSecond.toFixed(1)} successful requests/s`);
  console.log(`  Failures: ${failuresText(records)}`);
  console.log('  Per operation:');
  for (const op of [...new Set(records.map((record) => record.op))].sort()) {
    const mine = records.filter((record) => record.op === op);
    console.log(`    ${op.padEnd(22)} ${summaryText(summarize(mine))}`);
  }
  const first = Math.min(4, MINUTES - 1);
  const last = MINUTES - 1;
  /** @type {{ name: string, met: boolean, text: string }[]} */
  const verdicts = [
    { name: 'success rate', met: total.successRate > SUCCESS_TARGET, text: `${(total.successRate * 100).toFixed(3)} % (target > 99.9 %)` },
    { name: 'p95', met: total.p95 < P95_TARGET_MS, text: `${total.p95.toFixed(0)} ms (target < ${P95_TARGET_MS} ms)` },
  ];
  pids.forEach((_, index) => {
    const before = rssOfMinute(samples, first, index);
    const after = rssOfMinute(samples, last, index);
    const growth = before && after ? after - before : null;
    verdicts.push({
      name: `memory of process ${index + 1}`,
      met: growth !== null && growth / (before ?? 1) < MEMORY_GROWTH_TARGET,
      text:
        growth === null
          ? 'not sampled'
          : `minute ${first + 1} ${mb(before)} MB, minute ${last + 1} ${mb(after)} MB: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB (${((growth / (before ?? 1)) * 100).toFixed(1)} %, target < ${MEMORY_GROWTH_TARGET * 100} %)`,
    });
  });
  return verdicts;
}

/**
 * Raises the rate step by step until p95 is past 200 ms (or the success rate falls under 99 %):
 * returns the last step under the target and the first over it.
 * @param {string[]} urls @param {import('./lib/load.mjs').Workload} workload
 */
async function ramp(urls, workload) {
  console.log(`\nRamp: ${RAMP_RATES.join(', ')} requests/s, ${RAMP_STEP_SECONDS} s each (${loadText()})`);
  console.log('  rate  requests  ok %   ok/s    p50   p95   p99 ms  load average');
  /** @type {{ rate: number, okPerSecond: number, p95: number }[]} */
  const steps = [];
  for (const rate of RAMP_RATES) {
    const records = await runLoad({ urls, workload, rate, durationMs: RAMP_STEP_SECONDS * 1000 });
    const summary = summarize(records, RAMP_STEP_SECONDS);
    console.log(
      `  ${String(rate).padStart(4)}  ${String(summary.count).padStart(8)}  ${(summary.successRate * 100).toFixed(2).padStart(6)}  ${summary.okPerSecond.toFixed(0).padStart(5)}  ${summary.p50.toFixed(0).padStart(5)} ${summary.p95.toFixed(0).padStart(5)} ${percentile(
        records.map((record) => record.latency),
        99,
      )
        .toFixed(0)
        .padStart(5)}     ${loadText()}`,
    );
    steps.push({ rate, okPerSecond: summary.okPerSecond, p95: summary.p95 });
    if (summary.p95 >= P95_TARGET_MS || summary.successRate < 0.99) break;
    await sleep(5_000);
  }
  const over = steps.find((step) => step.p95 >= P95_TARGET_MS);
  const under = [...steps].reverse().find((step) => step.p95 < P95_TARGET_MS);
  if (!over) {
    console.log(`  p95 stayed under ${P95_TARGET_MS} ms up to ${under?.rate} requests/s (${under?.okPerSecond.toFixed(0)} answered/s)`);
  } else {
    console.log(
      `  p95 crosses ${P95_TARGET_MS} ms between ${under ? `${under.rate} requests/s (p95 ${under.p95.toFixed(0)} ms, ${under.okPerSecond.toFixed(0)} ok/s)` : 'the start'} and ${over.rate} requests/s (p95 ${over.p95.toFixed(0)} ms, ${over.okPerSecond.toFixed(0)} ok/s), for ${urls.length} processes`,
    );
  }
}

runScript(async () => {
  console.log(`Preparing a database with the demo and the 1,000-triad course (${loadText()}) ...`);
  const database = await prepareDatabase(ADMIN_URL, 'lea_soak');
  const servers = await startProcesses(database.url, { count: 2 });
  const urls = servers.map((server) => server.url);
  const workload = await loadWorkload(database.url, { apprentices: USERS });
  console.log(`Signing in ${workload.users.length} users of the course ...`);
  await signInAll(urls, workload);
  const verdicts =
    MINUTES > 0
      ? await soak(
          urls,
          servers.map((server) => server.pid),
          workload,
        )
      : [];
  if (RAMP) await ramp(urls, workload);
  if (verdicts.length > 0) {
    console.log('\nTargets:');
    for (const verdict of verdicts) console.log(`  ${verdict.met ? 'met   ' : 'MISSED'}  ${verdict.name}: ${verdict.text}`);
  }
  return verdicts.every((verdict) => verdict.met) ? 0 : 1;
});
