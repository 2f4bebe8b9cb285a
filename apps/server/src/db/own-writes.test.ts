import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { reportCommittedWrites, writesWatchedTable } from './own-writes.js';

describe("a process's own writes (decision 042)", () => {
  it('tells the writes of watched tables from reads, sign-in rows and sign-in stamps', () => {
    expect(writesWatchedTable('insert into "answers" ("reply_id") values ($1)')).toBe(true);
    expect(writesWatchedTable('update "replies" set "version" = $1 where "replies"."id" = $2')).toBe(true);
    expect(writesWatchedTable('delete from "triad_users" where "triad_id" = $1')).toBe(true);
    expect(writesWatchedTable('with moved as (update "triads" set "crew_id" = $1 returning id) select count(*) from moved')).toBe(true);
    expect(writesWatchedTable('with page as (select id from triads) select * from page for update')).toBe(false);
    expect(writesWatchedTable('select "id" from "replies" where "id" = $1 for update')).toBe(false);
    expect(writesWatchedTable('insert into "refresh_tokens" ("family") values ($1)')).toBe(false);
    expect(writesWatchedTable('insert into "history_log" ("action") values ($1)')).toBe(false);
    expect(writesWatchedTable('update "users" set "last_login_at" = $1 where "users"."id" = $2')).toBe(false);
    expect(writesWatchedTable('update "users" set "first_name" = $1, "updated_at" = $2 where "users"."id" = $3')).toBe(true);
    // An unknown shape counts as a write.
    expect(writesWatchedTable('call refresh_everything()')).toBe(true);
  });

  it('reports an autocommitted write as it returns, a transaction’s at its commit, nothing for a rollback', async () => {
    const sent: string[] = [];
    const client = {
      query: (config: unknown, ...rest: unknown[]) => {
        const text = typeof config === 'string' ? config : (config as { text: string }).text;
        sent.push(text);
        const callback = rest.at(-1);
        if (typeof callback === 'function') {
          callback(null, { command: 'X' });
          return undefined;
        }
        return Promise.resolve({ command: 'X' });
      },
    };
    let reports = 0;
    reportCommittedWrites(client as unknown as pg.PoolClient, () => (reports += 1));
    const query = client.query as (...args: unknown[]) => unknown;
    await new Promise<void>((resolve) => query({ text: 'update "triads" set "active" = $1' }, [true], () => resolve()));
    expect(reports).toBe(1);
    await query('begin');
    await query({ text: 'insert into "answers" ("reply_id") values ($1)' });
    expect(reports).toBe(1);
    await query('commit');
    expect(reports).toBe(2);
    await query('begin');
    await query({ text: 'insert into "answers" ("reply_id") values ($1)' });
    await query('rollback');
    await query('begin');
    await query({ text: 'select 1' });
    await query('commit');
    expect(reports).toBe(2);
  });
});
