import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client.js';
import { createAutoAnalyze } from './pglite-analyze.js';

/** db/pglite-analyze.ts: PGlite's statistics are gathered again after enough writes, as autovacuum would. */
describe('statistics of an embedded PGlite', () => {
  it('analyses only after enough writes, and not again at once', async () => {
    let runs = 0;
    const auto = createAutoAnalyze(async () => (runs += 1));
    for (let index = 0; index < 150; index++) auto.noteStatement('insert into t values (1)');
    for (let index = 0; index < 500; index++) auto.noteStatement('select 1');
    await auto.tick(1_000);
    expect(runs).toBe(0);
    for (let index = 0; index < 50; index++) auto.noteStatement('  UPDATE t set a = 2');
    await auto.tick(2_000);
    expect(runs).toBe(1);
    for (let index = 0; index < 300; index++) auto.noteStatement('delete from t');
    await auto.tick(3_000);
    expect(runs).toBe(1);
    await auto.tick(60_000);
    expect(runs).toBe(2);
  });

  it('lets the planner see the rows written since the table was created', async () => {
    const database = await openDatabase('memory://', '');
    try {
      const client = (database.db as unknown as { $client: PGlite & { autoAnalyze: { tick(now?: number): Promise<void> } } }).$client;
      await client.exec('create table readings (id serial primary key, value int)');
      const estimate = async () =>
        (await client.query<{ rows: number }>("select reltuples::int as rows from pg_class where relname = 'readings'")).rows[0]!.rows;
      expect(await estimate()).toBeLessThanOrEqual(0);
      for (let index = 0; index < 250; index++) await client.query('insert into readings (value) values ($1)', [index]);
      await client.autoAnalyze.tick(Date.now());
      expect(await estimate()).toBe(250);
    } finally {
      await database.close();
    }
  });
});
