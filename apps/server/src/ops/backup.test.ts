import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { answers, documents, files, replies, replySignatures } from '../db/schema/index.js';
import { replyDigest } from '../features/questionnaire/save-checks.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, type Fixture } from '../features/questionnaire/test-fixtures.js';
import { storeDemoFile } from '../seed/demo-files.js';
import { loadConfig } from '../config.js';
import { createLocalFileStore, type FileStore } from '../services/file-store.js';
import { createS3FileStore } from '../services/s3-file-store.js';
import { replyDigest as seedReplyDigest } from '../services/reply-digest.js';
import { tokenFor } from '../test/auth.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { tableSnapshot } from '../test/table-snapshot.js';
import { cloneDatabase, seededTemplate, startTestApp } from '../test/test-app.js';

/**
 * `npm run backup` and `npm run restore` end to end (issue 19 §5), on the engine of this pass: the
 * embedded PGlite with its files in DATA_DIR (the vitest PGlite pass), or a PostgreSQL database with
 * its files in an S3 bucket (the TEST_DATABASE_URL pass; a local s3rver), as the two deployments of
 * docs/deployment.md have them. The real scripts are spawned as `npm run` would, on the demo data.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.TEST_DATABASE_URL;

type ScriptResult = { code: number | null; stdout: string; stderr: string };

describe('npm run backup / npm run restore', () => {
  const work = mkdtempSync(join(tmpdir(), 'lea-backup-test-'));
  const dataDir = join(work, 'data');
  const backups = join(work, 'backups');
  let databaseUrl: string | null = null;
  let s3: LocalS3 | null = null;
  let dropDatabase = async () => {};

  /** The scripts as `npm run backup|restore -- …` start them (package.json), with this test's configuration. */
  const runScript = (script: 'backup' | 'restore', args: string[]): Promise<ScriptResult> => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.TEST_DATABASE_URL;
    delete env.DATABASE_URL;
    delete env.S3_BUCKET;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    Object.assign(env, s3?.env);
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.mjs`, ...args], { cwd: ROOT, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', fail);
      child.once('close', (code) => done({ code, stdout, stderr }));
    });
  };

  const openData = (): Promise<Database> => openDatabase(databaseUrl, dataDir);
  /** The database loaded in beforeAll, taken by the first openApp (an embedded one costs seconds to open). */
  let loaded: Database | null = null;
  const openApp = async () => {
    const database = loaded ?? (await openData());
    loaded = null;
    return startTestApp({ url: databaseUrl ?? 'memory://', dataDir, seed: false, database, env: s3?.env });
  };
  /** The store the server and the scripts use here (the app's own, `app.ctx.files`, is the same). */
  let store: FileStore = createLocalFileStore(join(dataDir, 'files'));

  /** Every `files` row whose bytes the store holds, with the SHA-256 of those bytes. */
  const storedBytes = async (db: Db): Promise<Record<string, string | null>> => {
    const result: Record<string, string | null> = {};
    for (const row of await db.select({ key: files.pathName }).from(files)) {
      const bytes = await store.get(row.key);
      result[row.key] = bytes ? createHash('sha256').update(bytes).digest('hex') : null;
    }
    return result;
  };

  /** The audit digest of a signature, computed again from the reply's stored answers as signing does. */
  const productDigest = async (db: Db, fixture: Fixture, replyId: number) => {
    const stored = await db.select().from(answers).where(eq(answers.replyId, replyId));
    return replyDigest({
      questionnaireId: fixture.questionnaireId,
      triadId: fixture.triadId,
      profile: 1,
      interviewDate: null,
      answers: stored.map((row) => ({ questionId: row.questionId, value: row.value, answerComment: row.answerComment })),
    });
  };

  const signAsApprentice = async (app: Awaited<ReturnType<typeof openApp>>['app'], title: string) => {
    const fixture = await createQuestionnaireFixture(app, { signedBy: [1], title });
    const response = await callAs(
      app,
      await tokenFor(app, 'apprenti'),
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 3,
        profile: 1,
        version: 0,
        answers: apprenticeAnswers(fixture),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [reply] = await app.ctx.db
      .select()
      .from(replies)
      .where(and(eq(replies.questionnaireId, fixture.questionnaireId), eq(replies.profile, 1)));
    expect(reply?.status).toBe(3);
    return { fixture, replyId: reply?.id ?? 0 };
  };

  beforeAll(async () => {
    // The demo, migrated and seeded once per run (test/database-template.ts), in a place the scripts can reach.
    const template = seededTemplate();
    if (!template) throw new Error('the server project builds a seeded template');
    if (adminUrl && template.engine === 'postgres') {
      const name = `lea_backup_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await cloneDatabase(admin, name, template.database);
      await admin.end();
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      databaseUrl = target.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
      s3 = await startLocalS3();
      const bucket = loadConfig({ ...s3.env, DATA_DIR: dataDir, JWT_SECRET: 'unused-unused-unused-unused' }).s3;
      if (!bucket) throw new Error('the local S3 variables name a bucket');
      store = createS3FileStore(bucket);
      for (const key of readdirSync(template.filesDir)) await store.put(key, readFileSync(join(template.filesDir, key)));
    } else if (template.engine === 'pglite') {
      mkdirSync(dataDir, { recursive: true });
      loaded = await openDatabase(null, dataDir, new Blob([readFileSync(template.dumpPath)]));
      cpSync(template.filesDir, join(dataDir, 'files'), { recursive: true });
    } else {
      throw new Error('the template was built for the other engine');
    }
  });

  afterAll(async () => {
    await loaded?.close();
    (store as Partial<{ close: () => void }>).close?.();
    await s3?.close();
    await dropDatabase();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up, and a restore after changes brings back the rows, the file bytes and verifiable signatures', async () => {
    // Before the backup: a reply signed through the API, whose audit digest the restore must keep valid.
    let app = await openApp();
    const kept = await signAsApprentice(app.app, 'Sauvegarde : réponse signée avant');
    const before = await tableSnapshot(app.app.ctx.db);
    const bytesBefore = await storedBytes(app.app.ctx.db);
    expect(Object.values(bytesBefore).every((hash) => hash !== null)).toBe(true);
    await app.close();

    const backup = await runScript('backup', [backups]);
    expect(backup.code, backup.stderr).toBe(0);
    const backupDir = backup.stdout.trim().split('\n').pop() ?? '';
    expect(backupDir.startsWith(join(backups, 'lea-backup-'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as {
      engine: string;
      tables: Record<string, number>;
      files: { key: string; present: boolean }[];
    };
    expect(manifest.engine).toBe(databaseUrl ? 'postgres' : 'pglite');
    expect(manifest.files.map((file) => file.key).sort()).toEqual(Object.keys(bytesBefore).sort());
    expect(manifest.tables['public.reply_signatures']).toBeGreaterThan(0);

    // After the backup: another signature, the kept reply's answers altered, a document's file deleted, a new file stored.
    app = await openApp();
    const later = await signAsApprentice(app.app, 'Sauvegarde : réponse signée après');
    await app.app.ctx.db.update(answers).set({ value: 'modifié après la sauvegarde' }).where(eq(answers.replyId, kept.replyId));
    const [document] = await app.app.ctx.db
      .select({ key: files.pathName })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .limit(1);
    if (!document) throw new Error('the demo has a document with a file');
    await app.app.ctx.files.remove(document.key);
    const added = await storeDemoFile(app.app.ctx.files, 'après.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    await app.app.ctx.db.insert(files).values(added);
    expect(await tableSnapshot(app.app.ctx.db)).not.toEqual(before);
    await app.close();

    const restore = await runScript('restore', [backupDir]);
    expect(restore.code, restore.stderr).toBe(0);

    const database = await openData();
    try {
      const { db } = database;
      expect(await tableSnapshot(db)).toEqual(before);
      expect(await storedBytes(db)).toEqual(bytesBefore);
      expect(await store.get(document.key)).not.toBeNull();
      // The file stored after the backup belongs to no record of the restored database: it is gone.
      expect(await store.get(added.pathName)).toBeNull();
      expect(await db.select().from(replies).where(eq(replies.questionnaireId, later.fixture.questionnaireId))).toEqual([]);

      // The signatures verify: the API's against the answers as signing digests them, the demo's as the seed did.
      const [signature] = await db.select().from(replySignatures).where(eq(replySignatures.replyId, kept.replyId));
      expect(signature?.digest).toBe(await productDigest(db, kept.fixture, kept.replyId));
      const seeded = await db.select().from(replySignatures).where(eq(replySignatures.userAgent, 'seed'));
      expect(seeded.length).toBeGreaterThan(0);
      const seededAnswers = await db
        .select()
        .from(answers)
        .where(
          inArray(
            answers.replyId,
            seeded.map((row) => row.replyId),
          ),
        );
      for (const row of seeded) {
        expect(row.digest).toBe(seedReplyDigest(seededAnswers.filter((answer) => answer.replyId === row.replyId)));
      }
      expect(await db.select().from(replySignatures).where(ne(replySignatures.userAgent, 'seed'))).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 360_000);

  it('refuses what is not a backup, and a backup of the other engine, with a message and a non-zero exit', async () => {
    const empty = join(work, 'not-a-backup');
    mkdirSync(empty, { recursive: true });
    const refused = await runScript('restore', [empty]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a lea backup');

    const backupDir = join(backups, readdirSync(backups)[0] ?? '');
    const manifestPath = join(backupDir, 'manifest.json');
    expect(existsSync(manifestPath)).toBe(true);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { engine: string };
    const other = join(work, 'other-engine');
    cpSync(backupDir, other, { recursive: true });
    writeFileSync(
      join(other, 'manifest.json'),
      JSON.stringify({ ...manifest, engine: manifest.engine === 'postgres' ? 'pglite' : 'postgres' }),
    );
    const crossed = await runScript('restore', [other]);
    expect(crossed.code).toBe(1);
    expect(crossed.stderr).toMatch(/this is a backup of (a PostgreSQL|the embedded PGlite) database/);
  }, 180_000);
});
