// `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs): what they share.
// Runs under tsx (the npm scripts start node with `--import tsx`) so that the server's own
// configuration and file store are used as they are, never re-implemented here.
//
// A backup is one directory, `lea-backup-YYYYMMDD-HHMMSSZ`, holding
//   manifest.json   format, lea version, engine, date, migrations, row counts, the list of files
//   database.dump   PostgreSQL: pg_dump's custom format (-Fc), or
//   pglite.tar.gz   PGlite: the data directory as PGlite's dumpDataDir gives it
//   files/<key>     every stored file that a `files` row points to, read through the server's FileStore
//                   (DATA_DIR/files or the S3 bucket): a backup of one restores into the other too
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.js';
import { createLocalFileStore } from '../../apps/server/src/services/file-store.js';
import { ROOT } from './freshness.mjs';

export const BACKUP_FORMAT = 'lea-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const PG_DUMP_FILE = 'database.dump';
export const PGLITE_DUMP_FILE = 'pglite.tar.gz';
export const FILES_DIR = 'files';

/** A refusal: the command prints the message alone (no stack) and exits with code 1. */
export class BackupError extends Error {}

/**
 * @typedef {{ key: string, size: number, sha256: string, present: boolean }} FileEntry
 * @typedef {{
 *   format: string, formatVersion: number, leaVersion: string, engine: 'postgres' | 'pglite',
 *   createdAt: string, serverVersion: string, migrations: number, database: { file: string, bytes: number, sha256: string },
 *   tables: Record<string, number>, files: FileEntry[]
 * }} Manifest
 * @typedef {import('../../apps/server/src/services/file-store.js').FileStore} FileStore
 * @typedef {{ query: (sql: string) => Promise<Record<string, unknown>[]> }} Queryable
 */

/**
 * The server's configuration from the environment (DATA_DIR, DATABASE_URL, the file store). The JWT
 * key is irrelevant here: a placeholder keeps loadConfig from generating one into DATA_DIR.
 */
export function settings() {
  return loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'not-used-by-backup-and-restore' });
}

/**
 * The file store the server uses with this configuration (app.ts): the S3-compatible bucket when
 * S3_BUCKET is set, else DATA_DIR/files. `close` ends the S3 client's connections.
 * @param {ReturnType<typeof settings>} config
 * @returns {Promise<FileStore & { name: string, close: () => void }>}
 */
export async function serverFileStore(config) {
  if (config.s3) {
    // Imported only when used: the AWS SDK takes seconds to load on a busy machine.
    const { createS3FileStore } = await import('../../apps/server/src/services/s3-file-store.js');
    return { ...createS3FileStore(config.s3), name: `the S3 bucket ${config.s3.bucket}` };
  }
  const root = join(config.dataDir, 'files');
  return { ...createLocalFileStore(root), name: root, close: () => {} };
}

/** The lea version (root package.json). */
export function leaVersion() {
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))).version;
}

/** The number of migrations this code knows (apps/server/drizzle/meta/_journal.json). */
export function knownMigrations() {
  const journal = JSON.parse(readFileSync(join(ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
  return /** @type {{ entries: unknown[] }} */ (journal).entries.length;
}

/** @param {Buffer | Uint8Array} bytes */
export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** @param {string} path */
export async function sha256OfFile(path) {
  return sha256(await readFile(path));
}

/** The name of a new backup: `lea-backup-20261124-225637Z`. */
export function backupName(date = new Date()) {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `lea-backup-${stamp}`;
}

// ---------------------------------------------------------------- database facts (both engines)

/**
 * Every table of the application (schemas public and drizzle), as `schema.table`, with its row count.
 * @param {Queryable} db
 * @returns {Promise<Record<string, number>>}
 */
export async function tableCounts(db) {
  const tables = await db.query(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { name } of tables) {
    const [schema, table] = String(name).split('.');
    const [row] = await db.query(`select count(*)::int as count from "${schema}"."${table}"`);
    counts[String(name)] = Number(row?.count ?? 0);
  }
  return counts;
}

/**
 * The migrations applied to the database (drizzle's journal table; 0 when it has none).
 * @param {Queryable} db
 */
export async function appliedMigrations(db) {
  const [exists] = await db.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return 0;
  const [row] = await db.query('select count(*)::int as count from drizzle.__drizzle_migrations');
  return Number(row?.count ?? 0);
}

/**
 * The stored files the database points to (the `files` table; none when it does not exist yet).
 * @param {Queryable} db
 * @returns {Promise<{ key: string, size: number, sha256: string }[]>}
 */
export async function fileRows(db) {
  const [exists] = await db.query(`select to_regclass('public.files') is not null as present`);
  if (!exists?.present) return [];
  const rows = await db.query('select path_name, size, sha256 from files order by path_name');
  return rows.map((row) => ({ key: String(row.path_name), size: Number(row.size), sha256: String(row.sha256) }));
}

/** @param {import('@electric-sql/pglite').PGlite} client @returns {Queryable} */
export const pgliteQueryable = (client) => ({
  query: async (sql) => /** @type {Record<string, unknown>[]} */ ((await client.query(sql)).rows),
});

/** @param {pg.Client} client @returns {Queryable} */
export const pgQueryable = (client) => ({ query: async (sql) => (await client.query(sql)).rows });

// ---------------------------------------------------------------- PostgreSQL

/** @param {string} url */
export async function connectPg(url) {
  const client = new pg.Client({ connectionString: url, application_name: 'lea-backup' });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  }
  return client;
}

/** @param {pg.Client} client */
export async function serverVersion(client) {
  const { rows } = await client.query('select current_setting($1) as version, current_setting($2)::int as num', [
    'server_version',
    'server_version_num',
  ]);
  return { version: String(rows[0]?.version), major: Math.floor(Number(rows[0]?.num) / 10000) };
}

/**
 * pg_dump or pg_restore for a server of `major`: PG_BIN when set, else Debian's
 * /usr/lib/postgresql/<major>/bin, else the newest installed one above it (they read older servers),
 * else the one on PATH. Refuses when only older tools exist (they cannot read a newer server).
 * @param {'pg_dump' | 'pg_restore'} tool
 * @param {number} major
 */
export async function findPgTool(tool, major) {
  /** @type {string[]} */
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(join(process.env.PG_BIN, tool));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .map(Number)
      .filter((version) => Number.isInteger(version) && version >= major)
      .sort((a, b) => a - b);
    for (const version of versions) candidates.push(join(debian, String(version), 'bin', tool));
  }
  candidates.push(tool);
  for (const candidate of candidates) {
    const result = await run(candidate, ['--version']).catch(() => null);
    const found = /(\d+)(?:\.\d+)?/.exec(result?.stdout ?? '');
    if (result?.code === 0 && found && Number(found[1]) >= major) return candidate;
  }
  throw new BackupError(
    `${tool} for PostgreSQL ${major} or newer not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and PATH): ` +
      `install the PostgreSQL client of the server's version (Debian: apt-get install postgresql-client-${major})`,
  );
}

/**
 * Runs a command, collecting its output; resolves with its exit code (rejects only when it cannot start).
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env] added to this process's environment
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * A PostgreSQL tool's `--dbname` for DATABASE_URL, its password moved to PGPASSWORD so that it does
 * not show in the process list.
 * @param {string} url
 */
function connectionOf(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  /** @type {Record<string, string>} */
  const env = password ? { PGPASSWORD: password } : {};
  return { dbname: parsed.toString(), env };
}

/**
 * Runs pg_dump or pg_restore on DATABASE_URL's database, refusing with the tool's own error text when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {string} url
 */
export async function runPgTool(command, args, url) {
  const connection = connectionOf(url);
  const result = await run(command, [...args, `--dbname=${connection.dbname}`], connection.env);
  if (result.code !== 0) throw new BackupError(`${command} failed (exit code ${result.code}):\n${result.stderr.trim()}`);
  return result;
}

// ---------------------------------------------------------------- PGlite

/** The embedded database's folder. @param {string} dataDir */
export const pgliteDir = (dataDir) => join(dataDir, 'pglite');

/**
 * An embedded database can be opened by one process at a time: while one has it open, PGlite keeps a
 * postmaster.pid in its folder (removed when it closes).
 * @param {string} dir
 */
export function refuseIfPgliteOpen(dir) {
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `the embedded database in ${dir} is open (postmaster.pid is present): stop the lea server first. ` +
        'If no server runs (it was killed), start it once and stop it with Ctrl-C to close the database cleanly.',
    );
  }
}

/** @param {string} dir */
export async function openPglite(dir, loadDataDir = /** @type {Blob | undefined} */ (undefined)) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = loadDataDir ? new PGlite({ dataDir: dir, loadDataDir }) : new PGlite(dir);
  await client.waitReady;
  return client;
}

// ---------------------------------------------------------------- manifest

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads and checks a backup's manifest: refuses anything that is not a complete backup of this format.
 * @param {string} dir
 * @returns {Manifest}
 */
export function readManifest(dir) {
  const path = join(dir, MANIFEST);
  if (!existsSync(dir)) throw new BackupError(`${dir} does not exist`);
  if (!existsSync(path)) throw new BackupError(`${dir} is not a lea backup (no ${MANIFEST}; an interrupted backup has none)`);
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new BackupError(`${path} is not valid JSON`);
  }
  if (!isRecord(parsed) || parsed.format !== BACKUP_FORMAT) throw new BackupError(`${path} is not a lea backup manifest`);
  if (parsed.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${dir} has backup format ${String(parsed.formatVersion)}; this lea reads format ${BACKUP_FORMAT_VERSION}`);
  }
  const database = parsed.database;
  if (
    (parsed.engine !== 'postgres' && parsed.engine !== 'pglite') ||
    !isRecord(database) ||
    typeof database.file !== 'string' ||
    typeof database.sha256 !== 'string' ||
    !isRecord(parsed.tables) ||
    !Array.isArray(parsed.files) ||
    typeof parsed.migrations !== 'number'
  ) {
    throw new BackupError(`${path} is incomplete`);
  }
  return /** @type {Manifest} */ (/** @type {unknown} */ (parsed));
}

/**
 * The differences between two row-count maps, one line each (empty when equal).
 * @param {Record<string, number>} expected
 * @param {Record<string, number>} actual
 */
export function countDifferences(expected, actual) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${expected[name] ?? 'absent'} in the backup, ${actual[name] ?? 'absent'} restored`);
}
