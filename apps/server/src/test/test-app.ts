import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDemo } from '../seed/demo.js';
import { clearPlatformCache } from '../http/platform.js';
import type { DatabaseTemplate } from './database-template.js';
import { acquireSeededPglite } from './pglite-pool.js';

export type TestApp = {
  app: FastifyInstance;
  close: () => Promise<void>;
  engine: 'pglite' | 'postgres';
};

type StartOptions = {
  url: string;
  dataDir: string;
  /** Seed the demo (false when the database was cloned from the seeded template). */
  seed: boolean;
  database?: Database;
  env?: Record<string, string>;
  onRoute?: (route: RouteOptions) => void;
};

/** The app on the database at `url` (migrated; seeded when asked): the template's builder and `createTestApp`. */
export async function startTestApp(
  options: StartOptions,
): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    WEB_DIST: '',
    LEA_DEMO: '1',
    LOG_LEVEL: 'silent',
    // Off unless a test sets it (http/rate-limit.test.ts): the route sweep alone makes thousands of calls.
    RATE_LIMIT_READS_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    ...options.env,
  });
  config.databaseUrl = options.url;
  const database = options.database ?? (await openDatabase(options.url, options.dataDir));
  await migrateDatabase(database);
  clearPlatformCache();
  const app = await buildApp({ config, database, logger: false, onRoute: options.onRoute });
  if (options.seed) await seedDemo(app.ctx);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The seeded template of this run (test/database-template.ts), when the runner built one. */
export function seededTemplate(): DatabaseTemplate | null {
  try {
    return inject('leaTestTemplate') ?? null;
  } catch {
    return null;
  }
}

/** `create database … template …`, retried while another file's clone still holds the template. */
export async function cloneDatabase(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      // 55006: source database "…" is being accessed by other users.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
    }
  }
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set
 * (the PostgreSQL pass of `npm test`), a new database created on that server and dropped after.
 * A seeded database starts as a copy of the run's template (the demo, migrated and seeded once): on PGlite one of
 * the worker's databases brought back to it (test/pglite-pool.ts).
 */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lea-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = options.seed === false ? null : seededTemplate();
  let url = 'memory://';
  let database: Database | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `lea_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    if (template?.engine === 'postgres') await cloneDatabase(admin, name, template.database);
    else await admin.query(`create database ${name}`);
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
  } else if (template?.engine === 'pglite') {
    database = await acquireSeededPglite(template.dumpPath);
  }
  const cloned = template !== null && (template.engine === 'postgres') === Boolean(adminUrl);
  if (cloned && existsSync(template.filesDir)) cpSync(template.filesDir, join(dataDir, 'files'), { recursive: true });
  const started = await startTestApp({
    url,
    dataDir,
    seed: options.seed !== false && !cloned,
    database,
    env: options.env,
    onRoute: options.onRoute,
  });
  return {
    app: started.app,
    engine: started.database.kind,
    close: async () => {
      await started.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
