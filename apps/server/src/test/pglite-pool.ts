import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { discardPgliteSession, openDatabase, type Database, type Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';

/**
 * The seeded in-memory PGlite databases of one test worker. Loading the run's template into a new PGlite
 * costs 1–2 s, and the server's 146 test files each started one; now a worker loads a database once, and a
 * database an app has closed is brought back to the template (its rows, its sequences, a new session) in
 * 0.1–0.3 s and handed to the next app (docs/testing.md).
 *
 * How it is brought back: when a database is loaded, every table of `public` is copied into the schema
 * `lea_seed` (the app never reads it) and every sequence's position noted; bringing it back empties the
 * application's tables and copies the rows back, triggers and foreign keys off (`session_replication_role`),
 * in one transaction, then sets the sequences where they were.
 */

const SEED_SCHEMA = 'lea_seed';
/** Databases kept for the next apps of the worker; one more, for a file that runs several apps at once. */
const KEPT = 2;

type Pooled = { database: Database; restore: string };

const idle: Pooled[] = [];
let template: { path: string; blob: Blob } | null = null;

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies the seeded rows aside and returns the statements that bring them (and the sequences) back. */
async function keepSeed(client: PGlite): Promise<string> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `select table_name as "table", column_name as "column" from information_schema.columns
     where table_schema = 'public' and is_generated = 'NEVER'
       and table_name in (select tablename from pg_tables where schemaname = 'public')
     order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table, column } of columns) tables.set(table, [...(tables.get(table) ?? []), quoted(column)]);
  const { rows: sequences } = await client.query<{ name: string; value: string | null; start: string }>(
    `select sequencename as name, last_value::text as value, start_value::text as start
     from pg_sequences where schemaname = 'public'`,
  );
  await client.exec(
    `create schema ${SEED_SCHEMA};` +
      [...tables.keys()].map((table) => `create table ${SEED_SCHEMA}.${quoted(table)} as table public.${quoted(table)};`).join(''),
  );
  const names = [...tables.keys()].map((table) => `public.${quoted(table)}`);
  const copies = [...tables].map(
    ([table, list]) =>
      `insert into public.${quoted(table)} (${list.join(', ')}) overriding system value ` +
      `select ${list.join(', ')} from ${SEED_SCHEMA}.${quoted(table)};`,
  );
  const positions = sequences.map(({ name, value, start }) =>
    value === null
      ? `select setval('public.${quoted(name)}', ${start}, false);`
      : `select setval('public.${quoted(name)}', ${value}, true);`,
  );
  return [
    'begin;',
    'set local session_replication_role = replica;',
    `truncate ${names.join(', ')};`,
    ...copies,
    ...positions,
    'commit;',
  ].join('\n');
}

async function load(dumpPath: string): Promise<Pooled> {
  if (template?.path !== dumpPath) template = { path: dumpPath, blob: new Blob([readFileSync(dumpPath)]) };
  const database = await openDatabase('memory://', '', template.blob);
  return { database, restore: await keepSeed(clientOf(database)) };
}

/** Back to the template, then kept for the next app (or closed when enough are kept or it cannot be). */
async function release(pooled: Pooled): Promise<void> {
  const client = clientOf(pooled.database);
  // A test's wrappers on the client (test/statement-counter.ts) go with its app.
  Reflect.deleteProperty(client, 'query');
  Reflect.deleteProperty(client, 'transaction');
  try {
    await discardPgliteSession(pooled.database).catch(async () => {
      await client.exec('rollback'); // a transaction left open: DISCARD ALL cannot run inside one
      await discardPgliteSession(pooled.database);
    });
    await client.exec(pooled.restore);
  } catch {
    await pooled.database.close().catch(() => undefined);
    return;
  }
  if (idle.length < KEPT) idle.push(pooled);
  else await pooled.database.close();
}

/** A database with the template's data, for one app: its `close` hands it back. */
export async function acquireSeededPglite(dumpPath: string): Promise<Database> {
  const pooled = idle.pop() ?? (await load(dumpPath));
  const client = clientOf(pooled.database);
  const stopListening: (() => Promise<void>)[] = [];
  let closed = false;
  return {
    ...pooled.database,
    // A new drizzle object: the caches kept per database object (profile titles…) start empty, as on a new database.
    db: drizzle(client, { schema }) as unknown as Db,
    // PGlite keeps its listeners' callbacks: the app's go when it closes.
    listen: async (channel, onPayload) => void stopListening.push(await client.listen(channel, onPayload)),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const stop of stopListening) await stop().catch(() => undefined);
      await release(pooled);
    },
  };
}

/** How many databases the worker keeps (for the pool's own test). */
export const keptDatabases = (): number => idle.length;
