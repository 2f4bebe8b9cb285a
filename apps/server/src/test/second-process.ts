import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import type { TestApp } from './test-app.js';

export type SecondProcess = { app: FastifyInstance; close: () => Promise<void> };

/**
 * A second server process on the test app's database, as a load balancer would have behind it: its
 * own pool, its own caches, its own LISTEN connection (decisions 030 and 033). PostgreSQL only: an
 * embedded PGlite belongs to one process, so on PGlite this answers null. Its caches keep entries
 * once it listens (awaited here).
 */
export async function openSecondProcess(test: TestApp): Promise<SecondProcess | null> {
  if (test.engine !== 'postgres') return null;
  const dir = mkdtempSync(join(tmpdir(), 'lea-second-'));
  const database = await openDatabase(test.app.ctx.config.databaseUrl, dir);
  const app = await buildApp({ config: test.app.ctx.config, database, logger: false });
  await app.ready();
  await app.ctx.cache.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Asks `probe` again until it answers true: a NOTIFY reaches the other process a moment after the
 * commit. Fails after `attempts` tries (a bound on waiting, not a timed assertion).
 */
export async function eventually(probe: () => Promise<boolean>, attempts = 100): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the other process never saw the change');
}
