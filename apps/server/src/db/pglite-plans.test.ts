import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from './client.js';
import { createPlanCache } from './pglite-plans.js';

/** db/pglite-plans.ts: a repeated statement is planned once by PGlite, and answers exactly as before. */
describe('statement plans kept by PGlite', () => {
  let database: Database;
  let client: PGlite;

  beforeAll(async () => {
    database = await openDatabase('memory://', '');
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec('create table notes (id serial primary key, body text, size int, done boolean)');
  });
  afterAll(() => database.close());

  /** The prepared statements whose text contains `part` (a parameter: this query's own text never matches). */
  const prepared = async (part: string) =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements where statement like $1', [`%${part}%`])).rows;

  it('prepares a statement the second time it is sent, and runs it with the same answers', async () => {
    const text = 'select $1::text as body, $2::int as size, $3::boolean as done, $4::text as missing';
    const tricky = "O'Brien \\' ; drop table notes; -- é 🙂";
    const first = await client.query(text, [tricky, 42, true, null]);
    expect(await prepared('as missing')).toEqual([]);
    const second = await client.query(text, [tricky, 42, true, null]);
    const third = await client.query(text, ["l'autre", -7, false, undefined]);
    expect(await prepared('as missing')).toHaveLength(1);
    expect(second.rows).toEqual(first.rows);
    expect(second.rows).toEqual([{ body: tricky, size: 42, done: true, missing: null }]);
    expect(third.rows).toEqual([{ body: "l'autre", size: -7, done: false, missing: null }]);
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 0 }]);
  });

  it('runs a prepared write inside a transaction, and reports its affected rows', async () => {
    const insert = 'insert into notes (body, size, done) values ($1, $2, $3) returning id';
    await client.query(insert, ['un', 1, false]);
    await client.query(insert, ['deux', 2, false]);
    const inTransaction = await client.transaction(async (tx) => tx.query<{ id: number }>(insert, ['trois', 3, true]));
    expect(inTransaction.rows).toHaveLength(1);
    const update = 'update notes set done = $1 where size < $2';
    await client.query(update, [true, 2]);
    const result = await client.query(update, [true, 10]);
    expect(result.affectedRows).toBe(3);
  });

  it('sends a statement with other parameters bound, as before', async () => {
    const text = 'select $1::text as body';
    const long = 'x'.repeat(10_000);
    await client.query(text, ['court']);
    expect((await client.query(text, [long])).rows).toEqual([{ body: long }]);
    expect((await client.query(text, ['court'])).rows).toEqual([{ body: 'court' }]);
    const fraction = 'select $1::numeric as value';
    await client.query(fraction, [1.5]);
    expect((await client.query(fraction, [1.5])).rows).toEqual([{ value: '1.5' }]);
  });

  it('gives up on a statement PostgreSQL cannot prepare, without harm', async () => {
    const text = 'select $1 as anything';
    await client.query(text, ['a']);
    expect((await client.query(text, ['b'])).rows).toEqual([{ anything: 'b' }]);
    expect((await client.query(text, ['c'])).rows).toEqual([{ anything: 'c' }]);
  });

  it('keeps a bounded number of prepared statements', () => {
    const cache = createPlanCache();
    for (let index = 0; index < 400; index++) {
      const text = `select ${index} as n`;
      cache.prepareFor(text, []);
      const plan = cache.prepareFor(text, []);
      if (plan) cache.prepared(text, plan.name);
    }
    expect(cache.takeEvicted().length).toBe(100);
    expect(cache.executeFor('select 399 as n', [])).toMatch(/^execute lea_plan_\d+$/);
    expect(cache.executeFor('select 0 as n', [])).toBeNull();
  });
});
