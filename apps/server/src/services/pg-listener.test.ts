import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/second-process.js';
import { pgListener, type PgListener } from './pg-listener.js';

const url = process.env.TEST_DATABASE_URL;

/**
 * Issue 19 §4: a LISTEN connection ended by PostgreSQL (pg_terminate_backend, a restart) is opened
 * again, and the notices sent after that reach the process. PostgreSQL only: PGlite has no LISTEN
 * connection to lose.
 */
describe.skipIf(!url)('pg listener', () => {
  const channel = `lea_test_listen_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const payloads: string[] = [];
  let losses = 0;
  let listener: PgListener;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    listener = pgListener(url ?? '', channel, { onPayload: (payload) => payloads.push(payload), onLost: () => losses++ });
    listener.start();
    await listener.ready();
  });
  afterAll(async () => {
    await listener.close();
    await admin.end();
  });

  it('listens again after its backend is terminated, and hears what is sent then', async () => {
    expect(listener.listening()).toBe(true);
    const { rows } = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1`, [
      `listen ${channel}`,
    ]);
    expect(rows).toHaveLength(1);
    await eventually(async () => losses === 1 && listener.listening(), 500);
    await admin.query('select pg_notify($1, $2)', [channel, 'after the loss']);
    await eventually(async () => payloads.includes('after the loss'), 500);
    expect(losses).toBe(1);
  });
});
