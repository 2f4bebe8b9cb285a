import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createAutoAnalyze } from './pglite-analyze.js';
import { createPlanCache } from './pglite-plans.js';
import { createStatementNames, nameRepeatedStatements } from './pg-plans.js';
import { reportCommittedWrites } from './own-writes.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A function that accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool, for the few things that need one connection (advisory locks). */
  pool: pg.Pool | null;
  /**
   * Embedded PGlite: LISTENs on its one session, `onPayload` hearing each notice on `channel` (the ones
   * database triggers send included) as its statement or transaction commits. Null on PostgreSQL, where
   * a process listens on a connection of its own (services/pg-listener.ts).
   */
  listen: ((channel: string, onPayload: (payload: string) => void) => Promise<void>) | null;
  /**
   * PostgreSQL: calls `listener` as soon as this process's own write of a table the remembered answers
   * are built from is committed (db/own-writes.ts), before the trigger's notice comes back. Null on
   * PGlite, whose notices arrive before the writing statement returns.
   */
  onCommittedWrite: ((listener: () => void) => void) | null;
  close: () => Promise<void>;
};

/**
 * PGlite runs each statement synchronously in WebAssembly on the main thread, and the statement's
 * promise settles as a microtask: a transaction of many statements (an xlsx import) would hold the
 * event loop from its first statement to its last. Each statement first gives the loop a turn, so
 * that requests that do not need the database are answered meanwhile; the others wait for the
 * transaction as they always did (decision 019).
 */
class TurnTakingPGlite extends PGlite {
  /** Statements planned once in this single session (db/pglite-plans.ts). */
  private plans = createPlanCache();
  /** The statistics gathered again after enough writes (db/pglite-analyze.ts). */
  readonly autoAnalyze = createAutoAnalyze(() => this.query('analyze'));

  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await nextTurn();
    this.autoAnalyze.noteStatement(query);
    for (const statement of this.plans.takeEvicted()) await super.query(statement).catch(() => undefined);
    const prepare = this.plans.prepareFor(query, params);
    if (prepare) {
      try {
        await super.query(prepare.statement);
        this.plans.prepared(query, prepare.name);
      } catch {
        this.plans.refused(query);
      }
    }
    const execute = this.plans.executeFor(query, params);
    return execute ? super.query<T>(execute, [], options) : super.query<T>(query, params, options);
  }

  /**
   * Back to a new session's state (DISCARD ALL: no prepared statement, LISTEN, setting or lock left), for a test's
   * in-memory database handed from one app to the next (test/pglite-pool.ts).
   */
  async discardSession(): Promise<void> {
    await super.query('discard all');
    this.plans = createPlanCache();
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query: Transaction['query'] = async (text, params, options) => {
        await nextTurn();
        this.autoAnalyze.noteStatement(text);
        const execute = this.plans.executeFor(text, params);
        return execute ? tx.query(execute, [], options) : tx.query(text, params, options);
      };
      return callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }));
    });
  }
}

/** A test's in-memory PGlite back to a new session's state (test/pglite-pool.ts). */
export async function discardPgliteSession(database: Database): Promise<void> {
  await (database.db as unknown as { $client: TurnTakingPGlite }).$client.discardSession();
}

/** How often an embedded PGlite checks whether its statistics are due (db/pglite-analyze.ts). */
const ANALYZE_CHECK_MS = 1_000;

/**
 * `url` null: embedded PGlite in `dataDir/pglite`; `memory://`: in-memory PGlite (tests); else PostgreSQL.
 * `loadDataDir`: an in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster.
 */
export async function openDatabase(url: string | null, dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (url === null || url.startsWith('memory://')) {
    let dir: string | undefined;
    if (url === null) {
      dir = join(dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
    }
    const client = loadDataDir ? new TurnTakingPGlite({ dataDir: dir, loadDataDir }) : new TurnTakingPGlite(dir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const analyzing = setInterval(() => void client.autoAnalyze.tick(), ANALYZE_CHECK_MS);
    analyzing.unref();
    const close = async () => {
      clearInterval(analyzing);
      await client.close();
    };
    const listen = async (channel: string, onPayload: (payload: string) => void) => {
      await client.listen(channel, onPayload);
    };
    return { db, kind: 'pglite', pool: null, listen, onCommittedWrite: null, close };
  }
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection dropped by the server (restart, failover, admin command) must not take the
  // process down: the pool replaces it on the next checkout.
  pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
  // A connection checked out (inside a transaction, between two of its statements) has no listener of
  // the pool's: its backend ended then (pg_terminate_backend, a restart) was an unhandled 'error' event
  // that took the process down (issue 19 §4). The statement in flight fails with that error, the next
  // one with "not queryable", and the pool drops the connection when it is released.
  // Each connection parses a repeated statement once and keeps its plan (db/pg-plans.ts).
  const names = createStatementNames();
  const writeListeners = new Set<() => void>();
  const wrote = () => writeListeners.forEach((listener) => listener());
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameRepeatedStatements(client, names);
    reportCommittedWrites(client, wrote);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const onCommittedWrite = (listener: () => void) => void writeListeners.add(listener);
  return { db, kind: 'postgres', pool, listen: null, onCommittedWrite, close: () => pool.end() };
}
