import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { DbOrTx } from './client.js';
import { createStatementNames } from './pg-plans.js';

/** db/pg-plans.ts: on PostgreSQL a repeated statement is parsed once per connection, and answers exactly as before. */
describe('statement names on PostgreSQL', () => {
  it('names a text the second time it is seen, always the same way, and no more than its ceiling', () => {
    const names = createStatementNames(2);
    expect(names.nameFor('select $1')).toBeNull();
    const first = names.nameFor('select $1');
    expect(first).toMatch(/^lea_\d+$/);
    expect(names.nameFor('select $1')).toBe(first);
    expect(names.nameFor('select $2')).toBeNull();
    expect(names.nameFor('select $2')).not.toBe(first);
    // Past the ceiling, new texts stay unnamed however often they come.
    for (let i = 0; i < 3; i++) expect(names.nameFor('select $3')).toBeNull();
    expect(names.size()).toBe(2);
  });

  describe('through the app', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp();
    });
    afterAll(() => test.close());

    it('runs a repeated statement under a name on its connection, with the same answers', async () => {
      if (test.engine !== 'postgres') return;
      const marker = `pg-plans-${Date.now()}`;
      type Rows = { rows: Record<string, unknown>[] };
      const probe = async (db: DbOrTx, value: number) =>
        (await db.execute(sql`select ${marker}::text as marker, ${value}::int + 1 as next, ${null}::text as missing`)) as unknown as Rows;
      const prepared = await test.app.ctx.db.transaction(async (tx) => {
        const answers = [await probe(tx, 1), await probe(tx, 41), await probe(tx, -2)];
        const names = (await tx.execute(
          sql`select name from pg_prepared_statements where statement like ${'%::int + 1 as next%'}`,
        )) as unknown as Rows;
        return { answers: answers.map((answer) => answer.rows), names: names.rows };
      });
      expect(prepared.answers).toEqual([
        [{ marker, next: 2, missing: null }],
        [{ marker, next: 42, missing: null }],
        [{ marker, next: -1, missing: null }],
      ]);
      expect(prepared.names).toEqual([{ name: expect.stringMatching(/^lea_\d+$/) }]);
    });
  });
});
