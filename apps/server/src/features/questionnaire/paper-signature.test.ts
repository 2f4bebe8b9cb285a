import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportResponse, MESSAGES, QuestionnaireView } from '@lea/shared';
import { historyLog, replies, replySignatures, triads } from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { renderText, textRef } from '../../texts/index.js';
import { callAs, createQuestionnaireFixture, dayFromToday, type Fixture } from './test-fixtures.js';

/** A 1×1 PNG: the photo of a signed page, as small as a real image can be. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Issue 20 §3: a manager records the tutor's or the master's signature given on a printed page. */
describe('POST /app/questionnaire/paper-signature/{triadId}/{questionnaireId}', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  const dir = mkdtempSync(join(tmpdir(), 'lea-paper-'));
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur', 'maitre', 'manager', 'admin']) tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (username: string, originalName = 'page-signee.png') => {
    const response = await callAs(test.app, tokens[username] as string, 'POST', '/app/file/upload', {
      data: PNG,
      originalName,
      type: 'paper-signature',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().responses[0].object.id as number;
  };
  const record = (f: Fixture, username: string, profile: number | string, body: unknown, ids = f) =>
    callAs(
      test.app,
      tokens[username] as string,
      'POST',
      `/app/questionnaire/paper-signature/${ids.triadId}/${ids.questionnaireId}?profile=${profile}`,
      body,
    );
  const replyOf = async (f: Fixture, profile: number) => {
    const [row] = await test.app.ctx.db
      .select()
      .from(replies)
      .where(and(eq(replies.questionnaireId, f.questionnaireId), eq(replies.triadId, f.triadId), eq(replies.profile, profile)));
    return row ?? null;
  };
  const message = (key: 'questionnaire.paperProfile' | 'questionnaire.paperFuture' | 'questionnaire.paperFile') =>
    renderText(textRef(key), 'fr');

  it('signs the master’s reply from paper: the signature row, the history line, the view, the PDF, then a cancellation', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [1, 3], title: 'Visite en entreprise' });
    const fileId = await upload('manager');
    const signedOn = dayFromToday(-2);
    const day = signedOn.split('-').reverse().join('/');
    const response = await record(fixture, 'manager', 3, { fileId, signedOn });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, icon: 'check' });

    const reply = await replyOf(fixture, 3);
    expect(reply).toMatchObject({ status: 3, version: 1 });
    const [signature] = await test.app.ctx.db.select().from(replySignatures).where(eq(replySignatures.replyId, reply!.id));
    expect(signature).toMatchObject({
      method: 'paper',
      paperFileId: fileId,
      paperSignedOn: signedOn,
      userId: await userIdOf(test.app, 'maitre'),
      recordedByUserId: await userIdOf(test.app, 'manager'),
      cancelledAt: null,
    });
    expect(signature!.digest).toMatch(/^[0-9a-f]{64}$/);
    const [line] = await test.app.ctx.db
      .select()
      .from(historyLog)
      .where(eq(historyLog.action, 'questionnaire.paper-signature'))
      .orderBy(desc(historyLog.id))
      .limit(1);
    expect(line).toMatchObject({ entity: 'reply', entityId: reply!.id });

    const view = QuestionnaireView.parse(
      (await callAs(test.app, tokens.maitre as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)).json(),
    );
    expect(view.profileStatus['3']).toMatchObject({ hasSigned: true, icon: 'check' });
    expect(view.paperSignatures).toEqual([expect.objectContaining({ profile: 3, signedOn, recordedBy: 'Sophie Laurent' })]);

    const pdf = await callAs(
      test.app,
      tokens.manager as string,
      'GET',
      `/app/questionnaire/export/${fixture.triadId}/${fixture.questionnaireId}`,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    const path = join(dir, 'paper.pdf');
    writeFileSync(path, Buffer.from(ExportResponse.parse(pdf.json()).data, 'base64'));
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Signature sur papier du ${day}`);
    expect(text).toContain('enregistrée par Sophie Laurent');

    const history = await callAs(test.app, tokens.admin as string, 'GET', '/app/admin/history?type=signature');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.map((line: { label: string }) => line.label)).toContain(
      `Signature sur papier de « Visite en entreprise » (Maître d'apprentissage) du ${day}, enregistrée par Sophie Laurent`,
    );

    const again = await record(fixture, 'manager', 3, { fileId, signedOn });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.alreadySigned);

    const cancelled = await callAs(
      test.app,
      tokens.manager as string,
      'PUT',
      `/app/questionnaire/cancel-signature/${fixture.triadId}/${fixture.questionnaireId}?profile=3`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await replyOf(fixture, 3)).toMatchObject({ status: 2, signedAt: null });
    const after = QuestionnaireView.parse(
      (await callAs(test.app, tokens.manager as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)).json(),
    );
    expect(after.paperSignatures).toEqual([]);
  });

  it('lets an administrator record one, and refuses the triad’s own members with 403', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [2, 3] });
    for (const username of ['apprenti', 'tuteur', 'maitre']) {
      const fileId = await upload(username);
      expect((await record(fixture, username, 2, { fileId, signedOn: dayFromToday(0) })).statusCode).toBe(403);
    }
    expect(await replyOf(fixture, 2)).toBeNull();
    const fileId = await upload('admin');
    const response = await record(fixture, 'admin', 2, { fileId, signedOn: dayFromToday(0) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await replyOf(fixture, 2)).toMatchObject({ status: 3 });
  });

  it('refuses a profile that does not sign on paper, a future day, and a file that is not the caller’s scan', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [1, 2, 4] });
    const fileId = await upload('manager');
    for (const profile of [1, 3, 4]) {
      const refused = await record(fixture, 'manager', profile, { fileId, signedOn: dayFromToday(0) });
      expect(refused.statusCode, `profile ${profile}`).toBe(400);
      expect(refused.json().message).toBe(message('questionnaire.paperProfile'));
    }
    const future = await record(fixture, 'manager', 2, { fileId, signedOn: dayFromToday(1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(message('questionnaire.paperFuture'));

    const someoneElses = await upload('tuteur');
    const spreadsheet = await upload('manager', 'page.xlsx').catch(() => null);
    for (const other of [someoneElses, 2_000_000_000, ...(spreadsheet === null ? [] : [spreadsheet])]) {
      const refused = await record(fixture, 'manager', 2, { fileId: other, signedOn: dayFromToday(0) });
      expect(refused.statusCode, `file ${other}`).toBe(400);
      expect(refused.json().message).toBe(message('questionnaire.paperFile'));
    }
    expect(await replyOf(fixture, 2)).toBeNull();
  });

  it('answers 400 for bad ids, query and body, and 404 for an unknown or another platform’s triad or questionnaire', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [2] });
    const fileId = await upload('manager');
    const good = { fileId, signedOn: dayFromToday(0) };
    for (const [ids, profile, body] of [
      [{ triadId: 'abc', questionnaireId: fixture.questionnaireId }, 2, good],
      [{ triadId: 2_147_483_648, questionnaireId: fixture.questionnaireId }, 2, good],
      [fixture, 'x', good],
      [fixture, 9, good],
      [fixture, 2, { fileId, signedOn: '2026-02-30' }],
      [fixture, 2, { fileId, signedOn: '25/11/2026' }],
      [fixture, 2, { fileId: -1, signedOn: dayFromToday(0) }],
      [fixture, 2, { fileId: 'a\u0000b', signedOn: dayFromToday(0) }],
      [fixture, 2, {}],
    ] as const) {
      const response = await record(fixture, 'manager', profile, body, ids as Fixture);
      expect(response.statusCode, JSON.stringify({ ids, profile, body })).toBe(400);
    }
    expect((await record(fixture, 'manager', 2, good, { ...fixture, triadId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await record(fixture, 'manager', 2, good, { ...fixture, questionnaireId: 2_000_000_000 })).statusCode).toBe(404);

    const { courseId } = await createForeignCourse(test.app.ctx.db, 'paper-elsewhere.example.org');
    const [foreign] = await test.app.ctx.db
      .insert(triads)
      .values({
        trainingCourseId: courseId,
        apprenticeId: await userIdOf(test.app, 'apprenti'),
        tutorId: await userIdOf(test.app, 'tuteur'),
      })
      .returning({ id: triads.id });
    expect((await record(fixture, 'admin', 2, good, { ...fixture, triadId: foreign!.id })).statusCode).toBe(404);
    expect(await replyOf(fixture, 2)).toBeNull();
  });
});
