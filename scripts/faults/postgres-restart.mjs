// Fault (b), issue 19 §4: PostgreSQL restarted under load. On a private cluster (scripts/lib/throwaway-pg.mjs,
// never the shared server), two API processes on a database with the demo and the 1,000-triad course
// under the realistic mix; the cluster is stopped (fast shutdown), kept down FAULT_DOWN_SECONDS
// (default 5), started again. Checks: both processes still answer /health, the requests all succeed
// again within FAULT_RECOVERY_SECONDS of the restart, and each process's LISTEN connection is back.
import { listenSessions, loadAroundFault, recoveryVerdicts, report, waitFor, printDeadLogs } from '../lib/fault.mjs';
import { healthOf, loadText, onCleanup, prepareDatabase, sleep, startProcesses } from '../lib/load.mjs';
import { startThrowawayCluster } from '../lib/throwaway-pg.mjs';

const DOWN_SECONDS = Number(process.env.FAULT_DOWN_SECONDS ?? 5);

/** @returns {Promise<number>} */
export async function run() {
  console.log(`Fault: PostgreSQL restarted (${loadText()})`);
  const cluster = await startThrowawayCluster();
  onCleanup(cluster.destroy);
  const database = await prepareDatabase(cluster.adminUrl, 'lea_fault_restart');
  const servers = await startProcesses(database.url, { count: 2 });
  const urls = servers.map((server) => server.url);
  const listenBefore = await waitFor(() => listenSessions(cluster.adminUrl, database.name), servers.length);
  const figures = await loadAroundFault({
    urls,
    databaseUrl: database.url,
    fault: async () => {
      await cluster.stop('fast');
      console.log(`  PostgreSQL stopped; down for ${DOWN_SECONDS} s`);
      await sleep(DOWN_SECONDS * 1000);
      await cluster.start();
      console.log('  PostgreSQL started again');
    },
  });
  const listenAfter = await waitFor(() => listenSessions(cluster.adminUrl, database.name), servers.length);
  const health = await healthOf(
    urls,
    servers.map((server) => server.pid),
  );
  printDeadLogs(servers, health);
  return report(recoveryVerdicts(figures, health, { before: listenBefore.value, after: listenAfter.value, expected: servers.length }));
}
