// `npm run restore -- BACKUP_DIR`: puts a backup made by `npm run backup` back into the lea configured by
// the environment (DATABASE_URL, DATA_DIR, the file store). Stop every lea server of that database first.
//   PostgreSQL: pg_restore --clean --if-exists in a single transaction into DATABASE_URL's database.
//   PGlite: a new data directory loaded from the backup replaces DATA_DIR/pglite (the old one is kept
//   beside it as pglite.before-restore-<date>).
// Then the files are written back through the file store, and those of the replaced database that the
// backup does not hold are removed. See docs/deployment.md, "Backup and restore".
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BackupError,
  backupName,
  connectPg,
  countDifferences,
  FILES_DIR,
  fileRows,
  findPgTool,
  knownMigrations,
  openPglite,
  pgliteDir,
  pgliteQueryable,
  pgQueryable,
  readManifest,
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

/** @typedef {import('./lib/backup.mjs').Manifest} Manifest */

/**
 * Checks every byte of the backup against its manifest before anything is changed.
 * @param {string} dir
 * @param {Manifest} manifest
 */
async function checkBackup(dir, manifest) {
  const dump = join(dir, manifest.database.file);
  if (!existsSync(dump)) throw new BackupError(`${dump} is missing`);
  if ((await sha256OfFile(dump)) !== manifest.database.sha256) throw new BackupError(`${dump} does not match its SHA-256 in the manifest`);
  const store = createLocalFileStore(join(dir, FILES_DIR));
  for (const file of manifest.files.filter((entry) => entry.present)) {
    const bytes = await store.get(file.key);
    if (bytes === null) throw new BackupError(`the backup lacks the file ${file.key} its manifest lists`);
    if (sha256(bytes) !== file.sha256) throw new BackupError(`the backup's file ${file.key} does not match its SHA-256 in the manifest`);
  }
}

/**
 * Other sessions on the database are lea servers still running: refuse (after letting closing ones go).
 * @param {import('pg').Client} client
 */
async function refuseIfInUse(client) {
  for (let attempt = 0; ; attempt++) {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const others = Number(rows[0]?.count ?? 0);
    if (others === 0) return;
    if (attempt >= 20) {
      throw new BackupError(`${others} other session(s) are connected to the database: stop every lea server using it, then restore`);
    }
    await sleep(250);
  }
}

/**
 * @param {string} dir
 * @param {Manifest} manifest
 * @param {string} url
 * @returns {Promise<{ replacedKeys: string[], counts: Record<string, number> }>}
 */
async function restorePostgres(dir, manifest, url) {
  const client = await connectPg(url);
  let replacedKeys;
  let pgRestore;
  try {
    pgRestore = await findPgTool('pg_restore', (await serverVersion(client)).major);
    await refuseIfInUse(client);
    const db = pgQueryable(client);
    const current = await tableCounts(db);
    // --clean drops what the backup holds; a table it does not hold would stay and break the next
    // start's migrations: the database was migrated past the backup.
    const extra = Object.keys(current).filter((name) => !(name in manifest.tables));
    if (extra.length > 0) {
      throw new BackupError(
        `the database has tables the backup does not (${extra.join(', ')}): it was migrated past the backup. ` +
          'Restore into a new empty database (createdb) and point DATABASE_URL at it.',
      );
    }
    replacedKeys = (await fileRows(db)).map((row) => row.key);
  } finally {
    await client.end();
  }
  await runPgTool(
    pgRestore,
    [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      join(dir, manifest.database.file),
    ],
    url,
  );
  const after = await connectPg(url);
  try {
    return { replacedKeys, counts: await tableCounts(pgQueryable(after)) };
  } finally {
    await after.end();
  }
}

/**
 * @param {string} dir
 * @param {Manifest} manifest
 * @param {string} dataDir
 * @returns {Promise<{ replacedKeys: string[], counts: Record<string, number>, keptAside: string | null }>}
 */
async function restorePglite(dir, manifest, dataDir) {
  const live = pgliteDir(dataDir);
  refuseIfPgliteOpen(live);
  /** @type {string[]} */
  let replacedKeys = [];
  if (existsSync(join(live, 'PG_VERSION'))) {
    const current = await openPglite(live);
    try {
      replacedKeys = (await fileRows(pgliteQueryable(current))).map((row) => row.key);
    } finally {
      await current.close();
    }
  }
  // Loaded beside the live folder, checked, then swapped in: a failure leaves the live one untouched.
  const restoring = `${live}.restoring`;
  rmSync(restoring, { recursive: true, force: true });
  const client = await openPglite(restoring, new Blob([readFileSync(join(dir, manifest.database.file))]));
  let counts;
  try {
    counts = await tableCounts(pgliteQueryable(client));
  } finally {
    await client.close();
  }
  const differences = countDifferences(manifest.tables, counts);
  if (differences.length > 0) {
    rmSync(restoring, { recursive: true, force: true });
    throw new BackupError(`the restored database does not hold what the backup recorded; nothing was changed:\n${differences.join('\n')}`);
  }
  let keptAside = null;
  if (existsSync(live)) {
    keptAside = `${live}.before-restore-${backupName().replace('lea-backup-', '')}`;
    renameSync(live, keptAside);
  }
  renameSync(restoring, live);
  return { replacedKeys, counts, keptAside };
}

async function main() {
  const argument = process.argv[2];
  if (!argument) throw new BackupError('usage: npm run restore -- BACKUP_DIR (a folder written by npm run backup)');
  const dir = resolve(argument);
  const manifest = readManifest(dir);
  const config = settings();
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      manifest.engine === 'postgres'
        ? 'this is a backup of a PostgreSQL database: set DATABASE_URL to the database to restore it into'
        : 'this is a backup of the embedded PGlite database: unset DATABASE_URL and set DATA_DIR to restore it',
    );
  }
  if (manifest.migrations > knownMigrations()) {
    throw new BackupError(
      `the backup comes from a newer lea (${manifest.leaVersion}, ${manifest.migrations} migrations; this one knows ${knownMigrations()}): restore it with that version`,
    );
  }
  await checkBackup(dir, manifest);

  const restored = config.databaseUrl
    ? { ...(await restorePostgres(dir, manifest, config.databaseUrl)), keptAside: null }
    : await restorePglite(dir, manifest, config.dataDir);
  const differences = countDifferences(manifest.tables, restored.counts);
  if (differences.length > 0)
    throw new BackupError(`the restored database does not hold what the backup recorded:\n${differences.join('\n')}`);

  const backupFiles = createLocalFileStore(join(dir, FILES_DIR));
  const store = await serverFileStore(config);
  const present = manifest.files.filter((file) => file.present);
  // Files of the replaced database that the backup does not know: nothing points to them any more.
  const kept = new Set(manifest.files.map((file) => file.key));
  const removed = restored.replacedKeys.filter((key) => !kept.has(key));
  try {
    for (const file of present) {
      const bytes = await backupFiles.get(file.key);
      if (bytes === null) throw new BackupError(`the backup lacks the file ${file.key}`);
      await store.put(file.key, bytes);
    }
    for (const key of removed) await store.remove(key);
  } finally {
    store.close();
  }

  const rows = Object.values(restored.counts).reduce((sum, count) => sum + count, 0);
  console.log(
    `restored ${dir} (${manifest.engine}, made ${manifest.createdAt} by lea ${manifest.leaVersion}): ` +
      `${Object.keys(restored.counts).length} tables, ${rows} rows, ${present.length} files written to ${store.name}, ${removed.length} removed` +
      (present.length < manifest.files.length
        ? `; ${manifest.files.length - present.length} files were already missing at backup time`
        : ''),
  );
  if (restored.keptAside)
    console.log(`the replaced embedded database is kept in ${restored.keptAside}: delete it once the restore is checked`);
  if (manifest.migrations < knownMigrations()) console.log('the next server start applies the migrations made since the backup');
}

main().catch((error) => {
  console.error(`restore failed: ${error instanceof BackupError ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
