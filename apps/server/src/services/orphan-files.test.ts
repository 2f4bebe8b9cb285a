import { randomUUID } from 'node:crypto';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, files, institutions, platforms, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { fileReferenceColumns, purgeOrphanFiles } from './orphan-files.js';

const DAY_MS = 24 * 3600 * 1000;

describe('purgeOrphanFiles', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('reads every foreign key to files from the catalogue', async () => {
    expect(await fileReferenceColumns(test.app.ctx.db)).toEqual([
      'absence_justification_files.file_id',
      'answers.file_id',
      'documents.file_id',
      'global_documents.file_id',
      'help_documents.file_id',
      'institutions.logo_file_id',
      'lessons.lesson_file2_id',
      'lessons.lesson_file3_id',
      'lessons.lesson_file4_id',
      'lessons.lesson_file_id',
      'messages.file_id',
      'news.picture_file_id',
      'platforms.favicon_file_id',
      'platforms.logo_cfa_file_id',
      'platforms.logo_homepage_file_id',
      'platforms.logo_type_file_id',
      'reply_signatures.paper_file_id',
      'skill_answers.justificative_file2_id',
      'skill_answers.justificative_file3_id',
      'skill_answers.justificative_file4_id',
      'skill_answers.justificative_file5_id',
      'skill_answers.justificative_file_id',
      'training_course_settings.logo_file_id',
      'users.photo_file_id',
      'web_links.logo_file_id',
    ]);
  });

  it('deletes the rows and bytes of files no record points to any more, older than a day, and keeps the rest', async () => {
    const { db, files: store } = test.app.ctx;
    const now = new Date();
    const [platform] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    const platformId = platform!.id;
    const seeded = (await db.select({ id: files.id }).from(files)).map((row) => row.id);
    // The demo's files are all in use: aged, they must all stay.
    await db.update(files).set({ createdAt: new Date(now.getTime() - 3 * DAY_MS) });

    const addFile = async (ageMs: number) => {
      const pathName = `${randomUUID()}.pdf`;
      await store.put(pathName, Buffer.from('%PDF-1.4\n%%EOF\n'));
      const [row] = await db
        .insert(files)
        .values({
          platformId,
          pathName,
          name: pathName,
          originalName: 'a.pdf',
          mimeType: 'application/pdf',
          size: 15,
          sha256: '0'.repeat(64),
          createdAt: new Date(now.getTime() - ageMs),
        })
        .returning({ id: files.id, pathName: files.pathName });
      return row!;
    };
    const neverUsed = await addFile(2 * DAY_MS);
    const ofDeletedDocument = await addFile(2 * DAY_MS);
    const [deleted] = await db
      .insert(documents)
      .values({ platformId, title: 'Supprimé', fileId: ofDeletedDocument.id })
      .returning({ id: documents.id });
    await db.delete(documents).where(eq(documents.id, deleted!.id));
    const uploading = await addFile(3600 * 1000);
    const attached = await addFile(2 * DAY_MS);
    await db.insert(documents).values({ platformId, title: 'Gardé', fileId: attached.id });
    const photo = await addFile(2 * DAY_MS);
    await db.update(users).set({ photoFileId: photo.id }).where(eq(users.username, 'apprenti'));
    const logo = await addFile(2 * DAY_MS);
    const [institution] = await db.select({ id: institutions.id }).from(institutions).limit(1);
    await db.update(institutions).set({ logoFileId: logo.id }).where(eq(institutions.id, institution!.id));

    expect(await purgeOrphanFiles(db, store, now)).toEqual({ files: 2 });
    const gone = [neverUsed, ofDeletedDocument];
    expect(
      await db
        .select()
        .from(files)
        .where(
          inArray(
            files.id,
            gone.map((file) => file.id),
          ),
        ),
    ).toEqual([]);
    for (const file of gone) expect(await store.get(file.pathName)).toBeNull();
    const kept = [uploading, attached, photo, logo];
    expect(
      (
        await db
          .select({ id: files.id })
          .from(files)
          .where(
            inArray(
              files.id,
              kept.map((file) => file.id),
            ),
          )
      ).length,
    ).toBe(4);
    for (const file of kept) expect(await store.get(file.pathName)).not.toBeNull();
    expect((await db.select({ id: files.id }).from(files).where(inArray(files.id, seeded))).length).toBe(seeded.length);

    expect(await purgeOrphanFiles(db, store, now)).toEqual({ files: 0 });
    expect((await db.select({ id: files.id }).from(files).where(notInArray(files.id, seeded))).length).toBe(4);
  });
});
