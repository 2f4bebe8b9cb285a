import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { files } from '../db/schema/index.js';
import type { FileStore } from './file-store.js';

/** An upload is kept this long unreferenced: the form that will point to it may still be open. */
const GRACE_MS = 24 * 3600 * 1000;
/** Rows deleted per statement; the hourly run takes the rest. */
const BATCH = 500;

type Reference = { table: string; column: string };

async function fileReferences(db: Db): Promise<Reference[]> {
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral Db type cannot say so.
  const result = (await db.execute(sql`
    select referencing.relname as "table", col.attname as "column"
    from pg_constraint fk
    join pg_class referencing on referencing.oid = fk.conrelid
    join pg_attribute col on col.attrelid = fk.conrelid and col.attnum = any(fk.conkey)
    where fk.contype = 'f' and fk.confrelid = 'files'::regclass
    order by 1, 2`)) as unknown as { rows: Reference[] };
  return result.rows;
}

/**
 * Every column that points to a stored file, as `table.column`, read from PostgreSQL's catalogue
 * so that a new table's foreign key protects its files without a change here.
 */
export async function fileReferenceColumns(db: Db): Promise<string[]> {
  return (await fileReferences(db)).map(({ table, column }) => `${table}.${column}`);
}

/**
 * Deletes the `files` rows no foreign key points to any more (the record they belonged to was
 * deleted or now points elsewhere) and older than the grace period, then their bytes. Idempotent:
 * several processes may run it; bytes whose removal fails stay behind without a row.
 */
export async function purgeOrphanFiles(db: Db, store: FileStore, now = new Date()): Promise<{ files: number }> {
  const unreferenced = (await fileReferences(db)).map(
    ({ table, column }) =>
      sql`not exists (select 1 from ${sql.identifier(table)} where ${sql.identifier(table)}.${sql.identifier(column)} = ${files.id})`,
  );
  const orphans = db
    .select({ id: files.id })
    .from(files)
    .where(and(lt(files.createdAt, new Date(now.getTime() - GRACE_MS)), ...unreferenced))
    .limit(BATCH);
  const deleted = await db.delete(files).where(inArray(files.id, orphans)).returning({ pathName: files.pathName });
  for (const { pathName } of deleted) await store.remove(pathName);
  return { files: deleted.length };
}
