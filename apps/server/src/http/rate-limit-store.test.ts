import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/second-process.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { tokenFor } from '../test/auth.js';
import { fallbackStore, openSharedCounters } from './rate-limit-store.js';

/** A local port nothing listens on: a Redis that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the rate limits with REDIS_URL set and Redis unreachable (decision 036)', () => {
  let redisUrl: string;
  beforeAll(async () => {
    redisUrl = `redis://127.0.0.1:${await closedPort()}`;
  });

  it('count in this process’s memory and say so once', async () => {
    const warnings: string[] = [];
    const counters = openSharedCounters(redisUrl, { info: () => {}, warn: (_obj, message) => warnings.push(message) });
    try {
      await eventually(async () => warnings.length > 0);
      const Store = fallbackStore(counters, 'lea-test:');
      const store = new Store({});
      const counts: number[] = [];
      for (let i = 0; i < 3; i++) {
        counts.push(
          await new Promise<number>((resolve, reject) =>
            store.incr('key', (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, 10),
          ),
        );
      }
      expect(counts).toEqual([1, 2, 3]);
      expect(counters.shared()).toBe(false);
      // Every failed reconnection and count since: still one warning.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/memory/);
    } finally {
      counters.close();
    }
  });

  describe('behind the API', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp({ env: { REDIS_URL: redisUrl, RATE_LIMIT_READS_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '0' } });
    });
    afterAll(async () => {
      await test.close();
    });

    it('keep serving, never a 500, and still refuse past the limit', async () => {
      const token = await tokenFor(test.app, 'apprenti');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await test.app.inject({ method: 'GET', url: '/api/fr/app/user/me', headers: { authorization: `Bearer ${token}` } });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });
  });
});
