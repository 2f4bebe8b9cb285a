// Throwaway PostgreSQL databases for the measuring scripts (bench, soak, faults): created for a run, dropped after.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './freshness.mjs';

// pg is a dependency of the server workspace: resolve it from there.
export const pg = createRequire(join(ROOT, 'apps/server/package.json'))('pg');

/** Runs `work` with a client of `url`, closed after. @template T @param {string} url @param {(client: any) => Promise<T>} work */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh database named `<prefix>_<time>` on the server of `adminUrl` (an admin connection); returns
 * its URL and how to drop it (`with (force)`: the servers' connections may still be open).
 * @param {string} adminUrl @param {string} prefix
 */
export async function createDatabase(adminUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await withClient(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => withClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  return { name, url: url.toString(), drop };
}

/** Gathers the statistics of every table of the database at `url`, as autovacuum would within a minute. */
export async function analyzeDatabase(/** @type {string} */ url) {
  await withClient(url, (client) => client.query('analyze'));
}
