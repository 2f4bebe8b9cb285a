import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * A column that points to an account: `onDelete` is PostgreSQL's code (`a` no action, `r`
 * restrict, `c` cascade, `n` set null, `d` set default); `uniques` are the other columns of each
 * unique index of the table that holds the column (a merge must not make two rows collide).
 */
export type UserReference = { table: string; column: string; onDelete: string; uniques: string[][] };

type Row = { table: string; column: string; onDelete: string; uniques: string[][] | null };

/**
 * Every single-column foreign key to `users(id)`, read from PostgreSQL's catalogue (pg_constraint,
 * pg_index) rather than listed by hand, so that the tables other features add are covered by the
 * merge, the deletion check and the personal-data export without a change here. Expression and
 * partial unique indexes are left out (their collisions cannot be read from columns).
 */
export async function userReferences(db: DbOrTx): Promise<UserReference[]> {
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral Db type cannot say so.
  const result = (await db.execute(sql`
    select referencing.relname as "table", col.attname as "column", fk.confdeltype::text as "onDelete",
      (select json_agg(others) from (
        select coalesce(json_agg(other.attname order by other.attname) filter (where other.attname <> col.attname), '[]'::json) as others
        from pg_index ix
        join pg_attribute other on other.attrelid = ix.indrelid and other.attnum = any(ix.indkey)
        where ix.indrelid = fk.conrelid and ix.indisunique and ix.indexprs is null and ix.indpred is null
          and col.attnum = any(ix.indkey)
        group by ix.indexrelid
      ) as per_index) as "uniques"
    from pg_constraint fk
    join pg_class referencing on referencing.oid = fk.conrelid
    join pg_attribute col on col.attrelid = fk.conrelid and col.attnum = fk.conkey[1]
    where fk.contype = 'f' and fk.confrelid = 'users'::regclass and array_length(fk.conkey, 1) = 1
    order by 1, 2`)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({ ...row, uniques: row.uniques ?? [] }));
}

/** The references a deletion would be refused by (restrict or no action), with how many rows each. */
export async function blockingReferences(db: DbOrTx, userId: number): Promise<{ table: string; column: string; total: number }[]> {
  const found: { table: string; column: string; total: number }[] = [];
  for (const reference of await userReferences(db)) {
    if (reference.onDelete !== 'r' && reference.onDelete !== 'a') continue;
    const result = (await db.execute(
      sql`select count(*)::int as "total" from ${sql.identifier(reference.table)} where ${sql.identifier(reference.column)} = ${userId}`,
    )) as unknown as { rows: { total: number }[] };
    const total = Number(result.rows[0]?.total ?? 0);
    if (total > 0) found.push({ table: reference.table, column: reference.column, total });
  }
  return found;
}
