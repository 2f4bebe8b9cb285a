// Fault (a), issue 19 §4: PostgreSQL backends terminated under load. Two API processes on a fresh
// database (demo + 1,000-triad course) under the realistic mix; every connection of that database is
// ended with pg_terminate_backend. Checks: both processes still answer /health, the requests all
// succeed again within FAULT_RECOVERY_SECONDS, and each process's LISTEN connection (shared caches,
// decision 033) is back. FAULT_DATABASE_URL: the admin connection (default 127.0.0.1:5432).
import { listenSessions, loadAroundFault, recoveryVerdicts, report, waitFor, printDeadLogs } from '../lib/fault.mjs';
import { healthOf, loadText, prepareDatabase, startProcesses } from '../lib/load.mjs';
import { withClient } from '../lib/pg-database.mjs';

const ADMIN_URL = process.env.FAULT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** @returns {Promise<number>} */
export async function run() {
  console.log(`Fault: PostgreSQL backends terminated (${loadText()})`);
  const database = await prepareDatabase(ADMIN_URL, 'lea_fault_kill');
  const servers = await startProcesses(database.url, { count: 2 });
  const urls = servers.map((server) => server.url);
  const listenBefore = await waitFor(() => listenSessions(ADMIN_URL, database.name), servers.length);
  let terminated = 0;
  const figures = await loadAroundFault({
    urls,
    databaseUrl: database.url,
    fault: async () => {
      terminated = await withClient(ADMIN_URL, async (client) => {
        const { rows } = await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [database.name],
        );
        return rows.length;
      });
      console.log(`  ${terminated} backends terminated`);
    },
  });
  const listenAfter = await waitFor(() => listenSessions(ADMIN_URL, database.name), servers.length);
  const health = await healthOf(
    urls,
    servers.map((server) => server.pid),
  );
  printDeadLogs(servers, health);
  return report([
    { name: 'backends terminated', met: terminated > servers.length, text: `${terminated} (pool connections and LISTEN sessions)` },
    ...recoveryVerdicts(figures, health, { before: listenBefore.value, after: listenAfter.value, expected: servers.length }),
  ]);
}
