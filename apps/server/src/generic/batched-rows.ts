import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** How many rows a streamed export reads at a time. */
export const ROW_BATCH = 1000;

/** Reads a query's rows batch by batch, each handed on (and awaited) before the next is read. */
export type ReadBatches = (query: SQL, onBatch: (rows: Record<string, unknown>[]) => Promise<void>) => Promise<void>;

/** Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral type cannot say so. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * The batch reader of a database (decision 032). PostgreSQL: a cursor in one read-only, repeatable
 * read transaction, `size` rows fetched at a time, the next fetch waiting for the batch to be
 * written (so a large export holds a few batches in memory and one pooled connection while it
 * streams). Embedded PGlite has one connection for every request: a transaction held while a slow
 * client reads would stop the whole server, so the query is read at once and handed on in slices
 * (the rows are in memory, the workbook still is not).
 */
export function batchReader(database: Pick<Database, 'db' | 'kind'>, size = ROW_BATCH): ReadBatches {
  return async (query, onBatch) => {
    if (database.kind === 'postgres') {
      await database.db.transaction(
        async (tx) => {
          await tx.execute(sql`declare lea_batched_rows no scroll cursor for ${query}`);
          for (;;) {
            const rows = rowsOf(await tx.execute(sql.raw(`fetch forward ${size} from lea_batched_rows`)));
            if (rows.length > 0) await onBatch(rows);
            if (rows.length < size) break;
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return;
    }
    const rows = rowsOf(await database.db.execute(query));
    for (let at = 0; at < rows.length; at += size) await onBatch(rows.slice(at, at + size));
  };
}
