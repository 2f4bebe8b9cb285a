// `npm run backup [-- PARENT_DIR]`: backs up the database and the stored files of the lea configured by
// the environment (DATABASE_URL, DATA_DIR, the file store) into PARENT_DIR/lea-backup-<date> (PARENT_DIR:
// the argument, else BACKUP_DIR, else ./backups). See docs/deployment.md, "Backup and restore".
//   PostgreSQL: pg_dump -Fc in one snapshot, the file list read in that same snapshot.
//   PGlite: the data directory through PGlite's dumpDataDir; the server must be stopped.
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  backupName,
  connectPg,
  FILES_DIR,
  fileRows,
  findPgTool,
  leaVersion,
  MANIFEST,
  openPglite,
  PG_DUMP_FILE,
  PGLITE_DUMP_FILE,
  pgliteDir,
  pgliteQueryable,
  pgQueryable,
  refuseIfPgliteOpen,
  runPgTool,
  serverFileStore,
  serverVersion,
  settings,
  sha256,
  sha256OfFile,
  tableCounts,
} from './lib/backup.mjs';
import { createLocalFileStore } from '../apps/server/src/services/file-store.js';

/** @typedef {import('./lib/backup.mjs').Manifest} Manifest @typedef {import('./lib/backup.mjs').FileEntry} FileEntry */

/**
 * Copies every listed file from the server's store into the backup, through the FileStore interface,
 * checking each against the SHA-256 its row records. A file whose bytes are gone is listed as absent.
 * @param {import('./lib/backup.mjs').FileStore} from
 * @param {string} target
 * @param {{ key: string, size: number, sha256: string }[]} rows
 * @returns {Promise<FileEntry[]>}
 */
async function copyFiles(from, target, rows) {
  const to = createLocalFileStore(join(target, FILES_DIR));
  /** @type {FileEntry[]} */
  const entries = [];
  for (const row of rows) {
    const bytes = await from.get(row.key);
    if (bytes === null) {
      console.warn(`warning: the bytes of stored file ${row.key} are missing from the file store; backed up as absent`);
      entries.push({ ...row, present: false });
      continue;
    }
    const digest = sha256(bytes);
    if (digest !== row.sha256) console.warn(`warning: stored file ${row.key} does not match the SHA-256 its row records`);
    await to.put(row.key, bytes);
    entries.push({ key: row.key, size: bytes.length, sha256: digest, present: true });
  }
  return entries;
}

/**
 * @template T
 * @param {ReturnType<typeof settings>} config
 * @param {(store: import('./lib/backup.mjs').FileStore) => Promise<T>} use
 */
async function withFileStore(config, use) {
  const store = await serverFileStore(config);
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

/**
 * @param {string} target the backup folder being written
 * @param {ReturnType<typeof settings>} config
 * @param {string} url
 */
async function backupPostgres(target, config, url) {
  const client = await connectPg(url);
  try {
    const server = await serverVersion(client);
    const pgDump = await findPgTool('pg_dump', server.major);
    // One snapshot for the dump, the counts and the file list: they describe the same instant.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query('select pg_export_snapshot() as snapshot');
    const snapshot = String(rows[0]?.snapshot);
    const db = pgQueryable(client);
    const tables = await tableCounts(db);
    const migrations = await appliedMigrations(db);
    const files = await fileRows(db);
    const dumpPath = join(target, PG_DUMP_FILE);
    await runPgTool(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpPath}`], url);
    const copied = await withFileStore(config, (store) => copyFiles(store, target, files));
    await client.query('commit');
    return {
      engine: /** @type {const} */ ('postgres'),
      serverVersion: server.version,
      migrations,
      database: { file: PG_DUMP_FILE, path: dumpPath },
      tables,
      files: copied,
    };
  } finally {
    await client.end();
  }
}

/**
 * @param {string} target
 * @param {ReturnType<typeof settings>} config
 */
async function backupPglite(target, config) {
  const dir = pgliteDir(config.dataDir);
  refuseIfPgliteOpen(dir);
  const client = await openPglite(dir);
  try {
    const db = pgliteQueryable(client);
    const [version] = await db.query('select version() as version');
    const tables = await tableCounts(db);
    const migrations = await appliedMigrations(db);
    const files = await fileRows(db);
    const dump = await client.dumpDataDir('gzip');
    const dumpPath = join(target, PGLITE_DUMP_FILE);
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    const copied = await withFileStore(config, (store) => copyFiles(store, target, files));
    return {
      engine: /** @type {const} */ ('pglite'),
      serverVersion: String(version?.version ?? ''),
      migrations,
      database: { file: PGLITE_DUMP_FILE, path: dumpPath },
      tables,
      files: copied,
    };
  } finally {
    await client.close();
  }
}

async function main() {
  const config = settings();
  const parent = resolve(process.argv[2] ?? process.env.BACKUP_DIR ?? 'backups');
  const createdAt = new Date();
  const name = backupName(createdAt);
  const final = join(parent, name);
  // Written under a temporary name: a backup that stopped halfway never looks complete.
  const target = `${final}.partial`;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  try {
    const source = config.databaseUrl ? await backupPostgres(target, config, config.databaseUrl) : await backupPglite(target, config);
    const { path, ...database } = source.database;
    /** @type {Manifest} */
    const manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      leaVersion: leaVersion(),
      engine: source.engine,
      createdAt: createdAt.toISOString(),
      serverVersion: source.serverVersion,
      migrations: source.migrations,
      database: { ...database, bytes: statSync(path).size, sha256: await sha256OfFile(path) },
      tables: source.tables,
      files: source.files,
    };
    writeFileSync(join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    renameSync(target, final);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    const present = manifest.files.filter((file) => file.present);
    const bytes = present.reduce((sum, file) => sum + file.size, 0);
    console.log(
      `backup of the ${source.engine === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'} database: ` +
        `${Object.keys(manifest.tables).length} tables, ${rows} rows, ${present.length} files (${bytes} bytes)` +
        (present.length < manifest.files.length ? `, ${manifest.files.length - present.length} missing` : ''),
    );
    console.log(final);
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

main().catch((error) => {
  console.error(`backup failed: ${error instanceof BackupError ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
