import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { startTestApp } from './test-app.js';

/**
 * The server project's global setup: the migrated and demo-seeded database every test file starts
 * from, built once per run instead of once per file (an empty PGlite cluster, the migrations and the
 * demo seed cost seconds each time). On PostgreSQL it is a template database that `createTestApp`
 * clones with `CREATE DATABASE … TEMPLATE`; on PGlite, a dump of the data directory that a new
 * in-memory PGlite loads. The demo's stored files are copied from the template's folder.
 */
export type DatabaseTemplate =
  { engine: 'postgres'; database: string; filesDir: string } | { engine: 'pglite'; dumpPath: string; filesDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    leaTestTemplate: DatabaseTemplate | null;
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'lea-template-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: DatabaseTemplate;
  let drop = async () => {};
  if (adminUrl) {
    const database = `lea_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(adminUrl, `create database ${database}`);
    const target = new URL(adminUrl);
    target.pathname = `/${database}`;
    const started = await startTestApp({ url: target.toString(), dataDir: folder, seed: true });
    await started.close();
    template = { engine: 'postgres', database, filesDir: join(folder, 'files') };
    drop = () => adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
  } else {
    const database = await openDatabase('memory://', folder);
    const started = await startTestApp({ url: 'memory://', dataDir: folder, seed: true, database });
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await started.close();
    const dumpPath = join(folder, 'pglite.tar');
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    template = { engine: 'pglite', dumpPath, filesDir: join(folder, 'files') };
  }
  project.provide('leaTestTemplate', template);
  return async () => {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
