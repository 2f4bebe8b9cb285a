import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import {
  answers,
  contracts,
  crews,
  files,
  globalDocuments,
  helpDocuments,
  platforms,
  questionnaireCategories,
  questionnaireCrews,
  questionnaires,
  questions,
  replies,
  replySignatures,
  trainingCourseManagers,
  trainingCourses,
  triads,
  triadUsers,
  userPlatforms,
  users,
} from '../db/schema/index.js';
import { replyDigest } from '../services/reply-digest.js';
import { DEMO_PASSWORD } from './demo-content.js';
import { seedDemoIfWanted } from './demo.js';

describe('demo seed', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const countOf = async (table: PgTable) => {
    const [row] = await test.app.ctx.db.select({ n: count() }).from(table);
    return row?.n;
  };

  it('inserts one platform with its files, documents, courses, triads and accounts', async () => {
    expect(await countOf(platforms)).toBe(1);
    // 13, plus the lessons' two handouts, their diagram, a web link's logo and the shared document given to both courses.
    // 18, and the scan of the paper signature (demo-paper-signature.ts).
    expect(await countOf(files)).toBe(19);
    expect(await countOf(globalDocuments)).toBe(2);
    expect(await countOf(helpDocuments)).toBe(3);
    expect(await countOf(trainingCourses)).toBe(3);
    expect(await countOf(crews)).toBe(3);
    expect(await countOf(triads)).toBe(7);
    expect(await countOf(contracts)).toBe(6);
    expect(await countOf(triadUsers)).toBe(2);
    expect(await countOf(trainingCourseManagers)).toBe(2);
    const people = await countOf(users);
    expect(people).toBeGreaterThanOrEqual(10);
    expect(await countOf(userPlatforms)).toBe(people);
  });

  it('stores the platform design and real files', async () => {
    const { db, files: store } = test.app.ctx;
    const [platform] = await db.select().from(platforms);
    if (!platform) throw new Error('no platform');
    expect(platform).toMatchObject({ hostname: 'localhost', isDefault: true });
    for (const id of [platform.logoTypeFileId, platform.logoCfaFileId, platform.logoHomepageFileId, platform.faviconFileId]) {
      expect(id).not.toBeNull();
    }
    const stored = await db.select().from(files);
    for (const file of stored) {
      const bytes = await store.get(file.pathName);
      expect(bytes?.length).toBe(file.size);
      if (file.mimeType === 'application/pdf') expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
      else if (file.mimeType === 'image/png') expect(bytes?.subarray(1, 4).toString()).toBe('PNG');
      else expect(bytes?.toString()).toContain('<svg');
    }
    const docs = await db.select().from(helpDocuments);
    expect(docs.map((doc) => doc.documentType).sort()).toEqual([1, 2, 2]);
  });

  it('gives every account the demo password and the expected roles', async () => {
    const { db } = test.app.ctx;
    const userNamed = async (username: string) => {
      const [row] = await db.select().from(users).where(eq(users.username, username));
      if (!row) throw new Error(`no user ${username}`);
      return row;
    };
    const admin = await userNamed('admin');
    expect(admin.roles).toEqual(['ROLE_LEA_ADMIN', 'ROLE_LEA_USER']);
    expect(admin.type).toBeNull();
    expect(await verify(admin.passwordHash as string, DEMO_PASSWORD)).toBe(true);
    const apprentice = await userNamed('apprenti');
    expect(apprentice.type).toBe('apprentice');
    const tutor = await userNamed('tuteur');
    const tutorTriads = await db.select({ n: count() }).from(triads).where(eq(triads.tutorId, tutor.id));
    expect(tutorTriads[0]?.n).toBeGreaterThanOrEqual(2);
    const archived = await db.select().from(trainingCourses).where(eq(trainingCourses.archived, true));
    expect(archived.map((course) => course.displayName).sort()).toEqual(['BTS NDRC 2023-2025', 'BTS SIO 2023-2025']);
    expect(archived[0]?.menu.map((entry) => entry.code)).toContain('MODULE_LEA_DOCUMENT');
  });

  it('inserts questionnaires using every field type, with one reply signed by the tutor, one graded by the manager, one signed on paper, and a visit and a late signature for the Qualiopi report', async () => {
    const { db } = test.app.ctx;
    expect(await countOf(questionnaireCategories)).toBe(3);
    expect(await countOf(questionnaires)).toBe(6);
    expect(await countOf(questions)).toBe(36);
    expect(await countOf(questionnaireCrews)).toBe(1);
    const all = await db.select().from(questionnaires);
    expect(new Set(all.map((q) => q.year))).toEqual(new Set([1, 2]));
    const today = new Date().toISOString().slice(0, 10);
    const windows = all.map((q) => q.accessDates.all);
    expect(windows.some((w) => w !== null && w.endDate !== null && w.endDate < today)).toBe(true);
    expect(windows.some((w) => w !== null && w.startDate !== null && w.startDate > today)).toBe(true);
    const items = await db.select().from(questions);
    const fieldTypes = new Set(items.filter((item) => item.itemType === 'field').map((item) => item.type));
    expect([...fieldTypes].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 8, 10, 11, 12]);
    expect(items.some((item) => item.itemType === 'title')).toBe(true);
    expect(items.some((item) => item.displayMode === 2 && item.valueList.length > 0)).toBe(true);
    expect(items.some((item) => item.openedQuestions && item.triadId === null)).toBe(true);
    expect(items.some((item) => item.triadId !== null)).toBe(true);
    expect(all.some((q) => q.useInterviewDate && q.interviewDateLabel === 'Date de la visite en entreprise')).toBe(true);

    // Léa Moreau's visit and late evaluation are the Qualiopi report's (demo-qualiopi.ts), checked below.
    const [lea] = await db
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti4'));
    const everyReply = await db.select().from(replies).orderBy(replies.profile);
    const replyRows = everyReply.filter((reply) => reply.triadId !== lea!.id);
    expect(
      everyReply.filter((reply) => reply.triadId === lea!.id).map((reply) => [reply.profile, reply.status, reply.interviewDate !== null]),
    ).toEqual([
      [2, 2, true],
      [4, 3, false],
    ]);
    // The master's signature on paper of the second triad (demo-paper-signature.ts), checked below.
    const [paper] = replyRows.filter((reply) => reply.profile === 3);
    const signed = replyRows.filter((reply) => reply.profile !== 3);
    expect(signed).toHaveLength(2);
    const [tutorReply, managerReply] = signed;
    expect(tutorReply).toMatchObject({ profile: 2, status: 3, version: 1 });
    expect(tutorReply?.signedAt).not.toBeNull();
    // The manager's evaluation of Hugo Durand carries marks: the grades dashboard has something to show.
    expect(managerReply).toMatchObject({ profile: 4, status: 3, totalMark: 7, maximalMark: 10 });
    for (const reply of signed) {
      const stored = await db.select().from(answers).where(eq(answers.replyId, reply.id));
      expect(stored).toHaveLength(reply.profile === 2 ? 2 : 4);
      const [signature] = await db.select().from(replySignatures).where(eq(replySignatures.replyId, reply.id));
      expect(signature).toMatchObject({ userId: reply.writerUserId, ip: '127.0.0.1', userAgent: 'seed' });
      expect(signature?.digest).toBe(replyDigest(stored));
    }
    expect(paper).toMatchObject({ status: 3, version: 1 });
    const [onPaper] = await db.select().from(replySignatures).where(eq(replySignatures.replyId, paper!.id));
    expect(onPaper).toMatchObject({ method: 'paper', paperFileId: expect.any(Number), recordedByUserId: expect.any(Number) });
    expect(onPaper?.paperSignedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('seeds nothing when a platform already exists', async () => {
    const config: Config = { ...test.app.ctx.config, demo: true };
    expect(await seedDemoIfWanted(test.app.ctx, config)).toBeNull();
    expect(await countOf(platforms)).toBe(1);
  });
});

describe('seedDemoIfWanted on an empty database', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await test.close();
  });

  it('does not seed a DATABASE_URL deployment unless LEA_DEMO is set', async () => {
    const config: Config = { ...test.app.ctx.config, demo: null, databaseUrl: 'postgres://db.example/lea' };
    expect(await seedDemoIfWanted(test.app.ctx, config)).toBeNull();
    const off: Config = { ...config, databaseUrl: null, demo: false };
    expect(await seedDemoIfWanted(test.app.ctx, off)).toBeNull();
    const [row] = await test.app.ctx.db.select({ n: count() }).from(platforms);
    expect(row?.n).toBe(0);
  });

  it('seeds an empty embedded database by default, then nothing on the second start', async () => {
    const config: Config = { ...test.app.ctx.config, demo: null, databaseUrl: null };
    const first = await seedDemoIfWanted(test.app.ctx, config);
    expect(first?.password).toBe(DEMO_PASSWORD);
    expect(first?.accounts.map((account) => account.username)).toEqual(
      expect.arrayContaining(['admin', 'manager', 'apprenti', 'tuteur', 'maitre']),
    );
    expect(await seedDemoIfWanted(test.app.ctx, config)).toBeNull();
    const [row] = await test.app.ctx.db.select({ n: count() }).from(platforms);
    expect(row?.n).toBe(1);
  });
});
