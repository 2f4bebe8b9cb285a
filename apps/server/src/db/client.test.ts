import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

const url = process.env.TEST_DATABASE_URL;

/**
 * Issue 19 §4: PostgreSQL ending the backend of a connection the pool has lent (pg_terminate_backend,
 * a restart) fails the statements of that connection, never the process, and the pool serves again.
 * PostgreSQL only.
 */
describe.skipIf(!url)('PostgreSQL pool', () => {
  let database: Database;
  let admin: pg.Client;
  const dir = mkdtempSync(join(tmpdir(), 'lea-pool-'));

  beforeAll(async () => {
    database = await openDatabase(url ?? '', dir);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('survives the backend of a transaction terminated between two statements', async () => {
    const attempt = database.db.transaction(async (tx) => {
      const {
        rows: [row],
      } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      await admin.query('select pg_terminate_backend($1)', [row?.pid]);
      // Once the backend is gone, its FATAL notice has reached the lent connection while none of its statements ran.
      for (let gone = false; !gone;) {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [row?.pid]);
        gone = rows[0]?.n === 0;
      }
      await tx.execute(sql`select 1`);
    });
    await expect(attempt).rejects.toThrow();
    const {
      rows: [again],
    } = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] };
    expect(again?.two).toBe(2);
  });
});
