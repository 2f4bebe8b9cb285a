// A private PostgreSQL cluster for the fault scripts that stop the server (issue 19 §4), so that the
// shared server on 127.0.0.1:5432 is never touched: initdb into a temporary directory on a free port,
// as scripts/test.sh does (as root, initdb and postgres run as the postgres OS user).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './server.mjs';

/** The newest /usr/lib/postgresql/<version>/bin. */
function pgBin() {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql (apt-get install postgresql)');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/**
 * Runs a PostgreSQL binary, as the postgres OS user when this process is root; asynchronous, so that
 * a load running meanwhile keeps its schedule. @param {string} tool @param {string[]} args
 */
async function runPg(tool, args) {
  const command = [join(pgBin(), tool), ...args];
  const isRoot = process.getuid?.() === 0;
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const { stdout } = isRoot
    ? await promisify(execFile)('su', ['postgres', '-s', '/bin/bash', '-c', `cd / && ${quoted}`], { encoding: 'utf8' })
    : await promisify(execFile)(command[0] ?? '', command.slice(1), { encoding: 'utf8' });
  return stdout;
}

/**
 * Creates and starts the cluster; `stop()` (fast shutdown: sessions are ended) and `start()` restart
 * it on the same port; `destroy()` stops it and deletes its directory.
 */
export async function startThrowawayCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'lea-fault-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await findFreePort();
  const data = join(dir, 'data');
  await runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => runPg('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stop = (mode = 'fast') => runPg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => void (await start()),
    stop: async (/** @type {'fast' | 'immediate'} */ mode = 'fast') => void (await stop(mode)),
    destroy: async () => {
      try {
        await stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
