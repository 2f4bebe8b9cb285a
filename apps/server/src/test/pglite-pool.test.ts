import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { keptDatabases } from './pglite-pool.js';
import { rowsOf, tableSnapshot } from './table-snapshot.js';
import { createTestApp, seededTemplate } from './test-app.js';

/**
 * A worker's seeded PGlite goes from one app to the next (test/pglite-pool.ts): the next app must find the
 * template's data, sequences and a new session, whatever the app before it wrote.
 */
const pooled = !process.env.TEST_DATABASE_URL && seededTemplate()?.engine === 'pglite';

describe.runIf(pooled)('the seeded PGlite handed from one app to the next', () => {
  const heard: string[] = [];
  it('brings back the rows, the sequences and a new session', async () => {
    const first = await createTestApp();
    const db = first.app.ctx.db;
    const before = await tableSnapshot(db);
    const [next] = await rowsOf<{ id: number }>(db, `select nextval('users_id_seq')::int as id`);
    await first.app.ctx.database.listen!('pool_test', (payload) => heard.push(payload));
    await db.execute(sql`set statement_timeout = 1234`);
    await db.update(users).set({ firstName: 'Changed' }).where(eq(users.username, 'apprenti'));
    await db.execute(sql`notify pool_test, 'before'`);
    await db.execute(sql`prepare pool_test_statement as select 1`);
    expect(await tableSnapshot(db)).not.toEqual(before);
    await first.close();
    expect(keptDatabases()).toBeGreaterThan(0);

    const second = await createTestApp();
    const again = second.app.ctx.db;
    expect(await tableSnapshot(again)).toEqual(before);
    expect((await rowsOf<{ id: number }>(again, `select nextval('users_id_seq')::int as id`))[0]).toEqual(next);
    expect((await rowsOf<{ value: string }>(again, `select current_setting('statement_timeout') as value`))[0]?.value).toBe('0');
    expect(await rowsOf(again, `select name from pg_prepared_statements where name = 'pool_test_statement'`)).toEqual([]);
    await again.execute(sql`notify pool_test, 'after'`);
    expect(heard).toEqual(['before']);
    await second.close();
  });
});
