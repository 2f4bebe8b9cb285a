import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral Db type cannot say so. */
export const rowsOf = async <T>(db: Db, text: string): Promise<T[]> => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** Every application table's rows, as a count and a hash of their text: equal snapshots, equal data. */
export async function tableSnapshot(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const [row] = await rowsOf<{ count: number; hash: string | null }>(
      db,
      `select count(*)::int as count, md5(string_agg(t::text, E'\\n' order by t::text)) as hash from "${schema}"."${table}" t`,
    );
    result[name] = `${row?.count ?? 0}:${row?.hash ?? ''}`;
  }
  return result;
}
