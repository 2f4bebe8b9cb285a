import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, QuestionnaireView, SaveReplyResponse } from '@lea/shared';
import { answers, historyLog, questionnaires, replies, replySignatures } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/jwt.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { replyDigest, SAVE_MESSAGES } from './save-checks.js';
import { apprenticeAnswers, callAs, createQuestionnaireFixture, dayFromToday, type Fixture } from './test-fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

describe('PUT /app/questionnaire/save', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['apprenti', 'tuteur', 'tuteur2', 'maitre', 'manager', 'admin'])
      tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
  });

  const save = (fixture: Fixture, username: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    callAs(
      test.app,
      tokens[username] as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      body,
      headers,
    );
  const saveOk = async (fixture: Fixture, username: string, body: Record<string, unknown>) => {
    const response = await save(fixture, username, body);
    expect(response.statusCode, response.body).toBe(200);
    const parsed = SaveReplyResponse.parse(response.json());
    expect(parsed.hasError, response.body).toBe(false);
    return parsed.responses[0]?.object;
  };
  const replyOf = async (fixture: Fixture, profile: number) => {
    const [row] = await test.app.ctx.db
      .select()
      .from(replies)
      .where(and(eq(replies.questionnaireId, fixture.questionnaireId), eq(replies.triadId, fixture.triadId), eq(replies.profile, profile)));
    return row ?? null;
  };
  const storedAnswers = async (replyId: number) =>
    new Map((await test.app.ctx.db.select().from(answers).where(eq(answers.replyId, replyId))).map((row) => [row.questionId, row]));
  const view = async (fixture: Fixture, username: string) =>
    QuestionnaireView.parse(
      (
        await callAs(test.app, tokens[username] as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)
      ).json(),
    );

  it('saves a private draft, shares it, and never goes back from shared to private', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const first = await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.shortText, value: 'v1' }],
    });
    expect(first).toMatchObject({ profile: 1, status: 1, version: 1, signedAt: null, writerName: 'Lucas Martin' });
    expect((await saveOk(fixture, 'apprenti', { draft: 2, profile: 1, version: 1, answers: [] }))?.status).toBe(2);
    const back = await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 2,
      answers: [{ questionId: fixture.ids.shortText, value: 'v2' }],
    });
    expect(back).toMatchObject({ status: 2, version: 3 });
    const repeated = await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 3,
      answers: [{ questionId: fixture.ids.shortText, value: 'v2' }],
    });
    expect(repeated?.version).toBe(4);
    const reply = await replyOf(fixture, 1);
    expect((await storedAnswers(reply?.id ?? 0)).get(fixture.ids.shortText)?.value).toBe('v2');
    await saveOk(fixture, 'apprenti', { draft: 1, profile: 1, version: 4, answers: [{ questionId: fixture.ids.shortText, value: null }] });
    expect((await storedAnswers(reply?.id ?? 0)).has(fixture.ids.shortText)).toBe(false);
  });

  it('stores a long-text answer through the shared HTML allow-list, and reads it back clean', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const value =
      '<p onclick="steal()">Très <strong>bien</strong><img src=x onerror=alert(1)><script>steal()</script></p><a href="jav&#x09;ascript:alert(1)">lien</a>';
    await saveOk(fixture, 'apprenti', { draft: 1, profile: 1, version: 0, answers: [{ questionId: fixture.ids.longText, value }] });
    const clean = '<p>Très <strong>bien</strong><img src="x"></p><a target="_blank" rel="noopener noreferrer">lien</a>';
    expect((await storedAnswers((await replyOf(fixture, 1))?.id ?? 0)).get(fixture.ids.longText)?.value).toBe(clean);
    expect((await view(fixture, 'apprenti')).questions.find((item) => item.id === fixture.ids.longText)?.userAnswer?.value).toBe(clean);
  });

  it('refuses a stale version with 409 and keeps the newer answers', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.shortText, value: 'récent' }],
    });
    const stale = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.shortText, value: 'ancien' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 409, message: SAVE_MESSAGES.stale });
    const reply = await replyOf(fixture, 1);
    expect(reply?.version).toBe(1);
    expect((await storedAnswers(reply?.id ?? 0)).get(fixture.ids.shortText)?.value).toBe('récent');
  });

  it('answers a repeated identical save (a retry) like the first one and changes nothing', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const body = { draft: 1, profile: 1, version: 0, answers: [{ questionId: fixture.ids.shortText, value: 'une fois' }] } as const;
    const first = await save(fixture, 'apprenti', body);
    const again = await save(fixture, 'apprenti', body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await replyOf(fixture, 1))?.version).toBe(1);
    // The same version with other answers is not a retry: it stays a 409.
    const other = await save(fixture, 'apprenti', { ...body, answers: [{ questionId: fixture.ids.shortText, value: 'autre' }] });
    expect(other.statusCode).toBe(409);
    expect((await storedAnswers((await replyOf(fixture, 1))?.id ?? 0)).get(fixture.ids.shortText)?.value).toBe('une fois');
  });

  it("lets exactly one of two racing saves win, and keeps the winner's answers", async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    for (let version = 0; version < 3; version += 1) {
      const [a, b] = await Promise.all([
        save(fixture, 'tuteur', {
          draft: 1,
          profile: 2,
          version,
          answers: [{ questionId: fixture.ids.tutorText, value: `session A ${version}` }],
        }),
        save(fixture, 'tuteur2', {
          draft: 1,
          profile: 2,
          version,
          answers: [{ questionId: fixture.ids.tutorText, value: `session B ${version}` }],
        }),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
      const winner = a?.statusCode === 200 ? `session A ${version}` : `session B ${version}`;
      const reply = await replyOf(fixture, 2);
      expect(reply?.version).toBe(version + 1);
      expect((await storedAnswers(reply?.id ?? 0)).get(fixture.ids.tutorText)?.value).toBe(winner);
    }
  });

  it("refuses an answer to another profile's field, a disabled field or a bad value, naming the field and saving nothing", async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const other = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [
        { questionId: fixture.ids.shortText, value: 'ok' },
        { questionId: fixture.ids.tutorText, value: 'pas à moi' },
      ],
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 403,
      errors: [{ field: `question-${fixture.ids.tutorText}`, message: SAVE_MESSAGES.notYourField }],
    });
    const disabled = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.disabled, value: 'x' }],
    });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().errors).toEqual([{ field: `question-${fixture.ids.disabled}`, message: SAVE_MESSAGES.disabled }]);
    const badChoice = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.dropdown, value: 'Cuisine' }],
    });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json().errors[0].field).toBe(`question-${fixture.ids.dropdown}`);
    const badNumber = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.number, value: 'douze' }],
    });
    expect(badNumber.json().errors).toEqual([{ field: `question-${fixture.ids.number}`, message: MESSAGES.number }]);
    const interview = await save(fixture, 'apprenti', { draft: 1, profile: 1, version: 0, interviewDate: '2026-01-10', answers: [] });
    expect(interview.statusCode).toBe(403);
    expect(interview.json().errors[0].field).toBe('question-0');
    const notMine = await save(fixture, 'apprenti', { draft: 1, profile: 2, version: 0, answers: [] });
    expect(notMine.statusCode).toBe(403);
    expect(await replyOf(fixture, 1)).toBeNull();
  });

  it("checks file answers: the caller's own upload of the platform only", async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const upload = async (username: string) => {
      const response = await callAs(test.app, tokens[username] as string, 'POST', '/app/file/upload', {
        data: PDF.toString('base64'),
        originalName: 'rapport.pdf',
      });
      return response.json().responses[0].object as { id: number; originalName: string; pathName: string };
    };
    const own = await upload('apprenti');
    const foreign = await upload('tuteur');
    const refused = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.file, value: foreign }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: `question-${fixture.ids.file}`, message: SAVE_MESSAGES.fileRefused }]);
    await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.file, value: { ...own, originalName: 'renommé.exe' } }],
    });
    const stored = (await storedAnswers((await replyOf(fixture, 1))?.id ?? 0)).get(fixture.ids.file);
    expect(stored?.fileId).toBe(own.id);
    expect(stored?.value).toEqual({ id: own.id, originalName: 'rapport.pdf', pathName: own.pathName });
    // The view links the answer's file for its reader alone (decision 018).
    const answer = (await view(fixture, 'apprenti')).questions.find((item) => item.id === fixture.ids.file)?.userAnswer;
    const url = (answer?.value as { url?: string }).url ?? '';
    expect(url).toMatch(/\/download-file\/.+\?expires=\d+&user=\d+&signature=/);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: url.slice(0, url.indexOf('?')) })).statusCode).toBe(404);
  });

  it('validates only when signing: each missing field is named and nothing changes', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { signedBy: [1] });
    await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.longText, value: 'texte' }],
    });
    const response = await save(fixture, 'apprenti', {
      draft: 3,
      profile: 1,
      version: 1,
      answers: [{ questionId: fixture.ids.number, value: 12 }],
    });
    expect(response.statusCode).toBe(200);
    const body = SaveReplyResponse.parse(response.json());
    expect(body.hasError).toBe(true);
    expect(body.responses[0]?.validationErrors).toEqual([
      { field: `question-${fixture.ids.shortText}`, message: MESSAGES.required },
      { field: `question-${fixture.ids.gridRows[0]}`, message: MESSAGES.required },
      { field: `question-${fixture.ids.gridRows[1]}`, message: MESSAGES.required },
      { field: `question-${fixture.ids.cluster}`, message: MESSAGES.required },
    ]);
    const reply = await replyOf(fixture, 1);
    expect(reply).toMatchObject({ status: 1, version: 1, signedAt: null });
    expect((await storedAnswers(reply?.id ?? 0)).has(fixture.ids.number)).toBe(false);
  });

  it('signs in the order of decision 013 and stores the audit row', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    await saveOk(fixture, 'apprenti', { draft: 2, profile: 1, version: 0, answers: apprenticeAnswers(fixture) });
    const early = await save(fixture, 'apprenti', { draft: 3, profile: 1, version: 1, answers: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "La signature n'est possible qu'après la validation des autres signataires (en attente : le tuteur pédagogique, le maître d'apprentissage)",
    );
    expect((await replyOf(fixture, 1))?.status).toBe(2);
    const tutorBody = {
      draft: 2,
      profile: 2,
      version: 0,
      interviewDate: dayFromToday(-2),
      answers: [{ questionId: fixture.ids.tutorText, value: 'Très bon travail' }],
    };
    await saveOk(fixture, 'tuteur', tutorBody);
    await saveOk(fixture, 'maitre', {
      draft: 2,
      profile: 3,
      version: 0,
      answers: [{ questionId: fixture.ids.masterText, value: 'Sérieux' }],
    });
    const managerEarly = await save(fixture, 'manager', { draft: 3, profile: 4, version: 0, answers: [] });
    expect(managerEarly.statusCode).toBe(409);

    const apprenticeId = await userIdOf(test.app, 'apprenti');
    const adminId = await userIdOf(test.app, 'admin');
    const impersonated = await signAccessToken(
      {
        sub: String(apprenticeId),
        username: 'apprenti',
        roles: ['ROLE_LEA_USER'],
        platform: (await test.app.ctx.db.query.platforms.findFirst())?.id ?? 0,
        impersonator: adminId,
      },
      test.app.ctx.config.jwtSecret,
    );
    const signed = await callAs(
      test.app,
      impersonated,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      { draft: 3, profile: 1, version: 1, answers: [] },
      { 'user-agent': 'Navigateur de test/1.0' },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(SaveReplyResponse.parse(signed.json()).responses[0]?.object).toMatchObject({
      status: 3,
      version: 2,
      signedAt: expect.any(String),
    });

    const reply = await replyOf(fixture, 1);
    const [signature] = await test.app.ctx.db
      .select()
      .from(replySignatures)
      .where(eq(replySignatures.replyId, reply?.id ?? 0));
    const stored = [...(await storedAnswers(reply?.id ?? 0)).values()];
    expect(signature).toMatchObject({
      userId: apprenticeId,
      impersonatorId: adminId,
      ip: '127.0.0.1',
      userAgent: 'Navigateur de test/1.0',
      cancelledAt: null,
    });
    expect(signature?.digest).toBe(
      replyDigest({
        questionnaireId: fixture.questionnaireId,
        triadId: fixture.triadId,
        profile: 1,
        interviewDate: null,
        answers: stored.map((row) => ({ questionId: row.questionId, value: row.value, answerComment: row.answerComment })),
      }),
    );
    expect(signature?.digest).toMatch(/^[0-9a-f]{64}$/);
    const history = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'questionnaire.sign'));
    expect(history).toEqual([expect.objectContaining({ userId: apprenticeId, impersonatorId: adminId, entityId: reply?.id })]);

    const after = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 2,
      answers: [{ questionId: fixture.ids.shortText, value: 'trop tard' }],
    });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ code: 409, message: MESSAGES.alreadySigned });

    const tutorMissingDate = await save(fixture, 'tuteur', { draft: 3, profile: 2, version: 1, interviewDate: null, answers: [] });
    expect(SaveReplyResponse.parse(tutorMissingDate.json()).responses[0]?.validationErrors).toEqual([
      { field: 'question-0', message: MESSAGES.required },
    ]);
    await saveOk(fixture, 'tuteur', { draft: 3, profile: 2, version: 1, answers: [] });
    expect((await replyOf(fixture, 2))?.interviewDate).toBe(dayFromToday(-2));
    await saveOk(fixture, 'maitre', { draft: 3, profile: 3, version: 1, answers: [] });
    const managerSigned = await saveOk(fixture, 'manager', { draft: 3, profile: 4, version: 0, answers: [] });
    expect(managerSigned?.status).toBe(3);
    const summary = (await view(fixture, 'tuteur')).profileStatus;
    expect(Object.values(summary).map((status) => status.icon)).toEqual(['check', 'check', 'check', 'check']);
  });

  it('computes marks on save and shows them to marksVisibleBy and the manager only', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { marksVisibleBy: [2] });
    const own = await saveOk(fixture, 'apprenti', { draft: 2, profile: 1, version: 0, answers: apprenticeAnswers(fixture) });
    expect(own?.totalMark).toBeNull();
    const reply = await replyOf(fixture, 1);
    expect(reply).toMatchObject({ totalMark: 9, maximalMark: 11 });
    expect((await storedAnswers(reply?.id ?? 0)).get(fixture.ids.multipleChoice)?.mark).toBe(3);
    for (const username of ['tuteur', 'manager']) {
      const seen = await view(fixture, username);
      expect(seen.lastReply['1']?.totalMark).toEqual({ mark: 9, maximalMark: 11 });
      const item = seen.questions.find((q) => q.id === fixture.ids.uniqueChoice);
      expect(item?.answers[0]?.mark).toBe(2);
      expect(item?.valueList).toEqual([
        { value: 'Oui', mark: 2 },
        { value: 'Non', mark: 0 },
      ]);
    }
    const apprentice = await view(fixture, 'apprenti');
    expect(apprentice.userReply?.totalMark).toBeNull();
    const item = apprentice.questions.find((q) => q.id === fixture.ids.uniqueChoice);
    expect(item?.userAnswer?.mark).toBeNull();
    expect(item?.valueList.every((entry) => entry.mark === null)).toBe(true);
  });

  it('refuses a save outside the window', async () => {
    const fixture = await createQuestionnaireFixture(test.app, {
      accessDates: { all: { startDate: dayFromToday(5), endDate: dayFromToday(30) } },
    });
    const early = await save(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      answers: [{ questionId: fixture.ids.shortText, value: 'x' }],
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(SAVE_MESSAGES.closed);
    expect(await replyOf(fixture, 1)).toBeNull();
  });

  it('saves the next private draft at once: a cleared answer deleted, the untouched marks kept, the interview date kept or changed', async () => {
    const fixture = await createQuestionnaireFixture(test.app, { interviewDateVisibleBy: [1, 2] });
    const { ids } = fixture;
    await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 0,
      interviewDate: dayFromToday(-3),
      answers: apprenticeAnswers(fixture),
    });
    expect(await replyOf(fixture, 1)).toMatchObject({ version: 1, status: 1, totalMark: 9, maximalMark: 11 });

    const next = await saveOk(fixture, 'apprenti', {
      draft: 1,
      profile: 1,
      version: 1,
      answers: [
        { questionId: ids.uniqueChoice, value: 'Non' },
        { questionId: ids.multipleChoice, value: null },
        { questionId: ids.shortText, value: 'Nouvelles missions', answerComment: 'Depuis mars' },
      ],
    });
    expect(next).toMatchObject({ version: 2, status: 1, totalMark: null });
    const reply = await replyOf(fixture, 1);
    // Grid rows 3 + 1, "Non" 0, the multiple choice cleared: 4 of 11.
    expect(reply).toMatchObject({ version: 2, status: 1, totalMark: 4, maximalMark: 11, interviewDate: dayFromToday(-3), signedAt: null });
    const stored = await storedAnswers(reply?.id ?? 0);
    expect(stored.has(ids.multipleChoice)).toBe(false);
    expect(stored.get(ids.uniqueChoice)).toMatchObject({ value: 'Non', mark: 0 });
    expect(stored.get(ids.shortText)).toMatchObject({ value: 'Nouvelles missions', answerComment: 'Depuis mars', fileId: null });
    expect(stored.get(ids.number)?.value).toBe(35);
    expect(stored.get(ids.longText)?.value).toBe('Les tests automatisés et la revue de code.');

    await saveOk(fixture, 'apprenti', { draft: 1, profile: 1, version: 2, interviewDate: dayFromToday(-1), answers: [] });
    expect(await replyOf(fixture, 1)).toMatchObject({ version: 3, interviewDate: dayFromToday(-1), totalMark: 4 });
    await saveOk(fixture, 'apprenti', { draft: 1, profile: 1, version: 3, interviewDate: null, answers: [] });
    expect(await replyOf(fixture, 1)).toMatchObject({ version: 4, interviewDate: null });
    // A shared draft stays shared when a private draft follows it.
    await saveOk(fixture, 'apprenti', { draft: 2, profile: 1, version: 4, answers: [] });
    await saveOk(fixture, 'apprenti', { draft: 1, profile: 1, version: 5, answers: [{ questionId: ids.number, value: 36 }] });
    expect(await replyOf(fixture, 1)).toMatchObject({ version: 6, status: 2 });
  });

  it('refuses the next draft of a reply whose window has closed since, or that was signed, and changes nothing', async () => {
    const fixture = await createQuestionnaireFixture(test.app);
    const apprenticeDraft = (version: number, value: string) => ({
      draft: 1,
      profile: 1,
      version,
      answers: [{ questionId: fixture.ids.shortText, value }],
    });
    const windowEnds = (offset: number) =>
      test.app.ctx.db
        .update(questionnaires)
        .set({ accessDates: { all: { startDate: dayFromToday(-30), endDate: dayFromToday(offset) } } })
        .where(eq(questionnaires.id, fixture.questionnaireId));
    await saveOk(fixture, 'apprenti', apprenticeDraft(0, 'ouvert'));
    await windowEnds(-1);
    const closed = await save(fixture, 'apprenti', apprenticeDraft(1, 'fermé'));
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(SAVE_MESSAGES.closed);
    const reply = await replyOf(fixture, 1);
    expect(reply?.version).toBe(1);
    expect((await storedAnswers(reply?.id ?? 0)).get(fixture.ids.shortText)?.value).toBe('ouvert');

    await test.app.ctx.db
      .update(replies)
      .set({ status: 3, signedAt: new Date() })
      .where(eq(replies.id, reply?.id ?? 0));
    await windowEnds(30);
    const signed = await save(fixture, 'apprenti', apprenticeDraft(1, 'après'));
    expect(signed.statusCode).toBe(409);
    expect(signed.json().message).toBe(MESSAGES.alreadySigned);
    expect((await replyOf(fixture, 1))?.version).toBe(1);
  });
});
