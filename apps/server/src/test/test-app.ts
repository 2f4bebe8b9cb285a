import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDemo } from '../seed/demo.js';
import { clearPlatformCache } from '../http/platform.js';

export type TestApp = {
  app: FastifyInstance;
  close: () => Promise<void>;
  engine: 'pglite' | 'postgres';
};

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set
 * (the PostgreSQL pass of `npm test`), a new database created on that server and dropped after.
 */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lea-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url = 'memory://';
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `lea_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pool.end() resolves before every backend has gone; a forced drop would then kill a closing
      // connection and surface as an unhandled FATAL 57P01 in the test run. Wait for them first.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await client.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [name]);
        if (Number(rows[0]?.count ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    WEB_DIST: '',
    LEA_DEMO: '1',
    LOG_LEVEL: 'silent',
    // Off unless a test sets it (http/rate-limit.test.ts): the route sweep alone makes thousands of calls.
    RATE_LIMIT_READS_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    ...options.env,
  });
  config.databaseUrl = url;
  const database = await openDatabase(url, dataDir);
  await migrateDatabase(database);
  clearPlatformCache();
  const app = await buildApp({ config, database, logger: false, onRoute: options.onRoute });
  if (options.seed !== false) await seedDemo(app.ctx);
  await app.ready();
  return {
    app,
    engine: database.kind,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
