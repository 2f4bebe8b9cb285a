// Fault (d), issue 19 §4: Redis stopped under load. A private redis-server on a free port (no
// persistence), two API processes with REDIS_URL pointing at it (the shared rate limits, decision 036)
// under the realistic mix; redis-server is killed, then started again. Checks: the portal keeps
// answering while Redis is away (no failed request), each process says in its log that it counts the
// limits in its own memory, and that they are shared again once Redis is back.
import { spawn } from 'node:child_process';
import { loadAroundFault, report, waitFor, printDeadLogs } from '../lib/fault.mjs';
import { healthOf, loadText, onCleanup, prepareDatabase, sleep, startProcesses } from '../lib/load.mjs';
import { findFreePort } from '../lib/server.mjs';

const ADMIN_URL = process.env.FAULT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DOWN_SECONDS = Number(process.env.FAULT_DOWN_SECONDS ?? 10);
/** The lines rate-limit-store.ts logs when Redis goes away and when it is back. */
const FALLBACK_LOG = 'Redis unreachable';
const BACK_LOG = 'Redis reachable again';

/** redis-server in the foreground on `port`; resolves once it accepts connections. @param {number} port */
async function startRedis(port) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const ready = await waitFor(async () => (output.includes('Ready to accept connections') ? 1 : 0), 1, 10_000);
  if (ready.value !== 1) throw new Error(`redis-server did not start:\n${output}`);
  const exited = new Promise((done) => child.once('exit', done));
  return {
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** @returns {Promise<number>} */
export async function run() {
  console.log(`Fault: Redis stopped (${loadText()})`);
  const port = await findFreePort();
  let redis = await startRedis(port);
  onCleanup(() => redis.kill());
  const database = await prepareDatabase(ADMIN_URL, 'lea_fault_redis');
  const servers = await startProcesses(database.url, { count: 2, env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' } });
  const urls = servers.map((server) => server.url);
  // The processes' logs are kept as a 20 kB tail: the lines are looked for while the load runs.
  const fellBack = servers.map(() => false);
  const cameBack = servers.map(() => false);
  const watch = setInterval(() => {
    servers.forEach((server, index) => {
      fellBack[index] ||= server.output().includes(FALLBACK_LOG);
      cameBack[index] ||= fellBack[index] === true && server.output().includes(BACK_LOG);
    });
  }, 250);
  const figures = await loadAroundFault({
    urls,
    databaseUrl: database.url,
    fault: async () => {
      await redis.kill();
      console.log(`  redis-server killed; down for ${DOWN_SECONDS} s`);
      await sleep(DOWN_SECONDS * 1000);
      redis = await startRedis(port);
      console.log('  redis-server started again');
    },
    afterSeconds: 20,
  });
  const health = await healthOf(
    urls,
    servers.map((server) => server.pid),
  );
  printDeadLogs(servers, health);
  clearInterval(watch);
  return report([
    {
      name: 'processes alive',
      met: health.every(Boolean),
      text: `GET /health: ${health.map((ok) => (ok ? '200' : 'no answer')).join(', ')}`,
    },
    {
      name: 'served while Redis was away',
      met: figures.errors === 0,
      text: `${figures.during.count} requests during the outage, ${(figures.during.successRate * 100).toFixed(2)} % ok, p95 ${figures.during.p95.toFixed(0)} ms; ${figures.errors} failures from the fault on`,
    },
    {
      name: 'log says local limits',
      met: fellBack.every(Boolean),
      text: `"${FALLBACK_LOG}…" in the log of ${fellBack.filter(Boolean).length} of ${servers.length} processes`,
    },
    {
      name: 'log says shared again',
      met: cameBack.every(Boolean),
      text: `"${BACK_LOG}…" in the log of ${cameBack.filter(Boolean).length} of ${servers.length} processes`,
    },
  ]);
}
