import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireView } from '@lea/shared';
import { questionnaireTriads, triads, users } from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { apprenticeAnswers, callAs, createForeignUser, createQuestionnaireFixture, type Fixture } from './test-fixtures.js';

type Call = { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: Record<string, unknown> };

describe('questionnaire calls: 403 outside the triad or the platform, 404 for what does not exist', () => {
  let test: TestApp;
  let fixture: Fixture;
  let answerId: number;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    await createForeignUser(test.app, 'etranger', ['ROLE_LEA_ADMIN', 'ROLE_LEA_USER']);
    for (const username of ['apprenti', 'apprenti2', 'tuteur', 'manager', 'admin', 'etranger'])
      tokens[username] = await tokenFor(test.app, username);
    fixture = await createQuestionnaireFixture(test.app);
    const saved = await callAs(
      test.app,
      tokens.apprenti as string,
      'PUT',
      `/app/questionnaire/save/${fixture.triadId}/${fixture.questionnaireId}`,
      {
        draft: 2,
        profile: 1,
        version: 0,
        answers: apprenticeAnswers(fixture),
      },
    );
    expect(saved.statusCode).toBe(200);
    const view = QuestionnaireView.parse(
      (await callAs(test.app, tokens.tuteur as string, 'GET', `/app/questionnaire/${fixture.triadId}/${fixture.questionnaireId}`)).json(),
    );
    answerId = view.questions.find((q) => q.id === fixture.ids.shortText)?.answers[0]?.id as number;
  });
  afterAll(async () => {
    await test.close();
  });

  const callsFor = (triadId: number, questionnaireId: number, courseId = fixture.courseId): Call[] => [
    { method: 'GET', url: `/app/questionnaire/list/${triadId}` },
    { method: 'GET', url: `/app/questionnaire/${triadId}/${questionnaireId}` },
    {
      method: 'PUT',
      url: `/app/questionnaire/save/${triadId}/${questionnaireId}`,
      payload: { draft: 1, profile: 1, version: 1, answers: [] },
    },
    { method: 'GET', url: `/app/questionnaire/export/${triadId}/${questionnaireId}?model=1` },
    { method: 'POST', url: `/app/questionnaire/add-row/${triadId}/${questionnaireId}/${fixture.ids.open}` },
    { method: 'POST', url: `/app/questionnaire/add-comment/${triadId}/${questionnaireId}/${answerId}`, payload: { comment: 'Bonjour' } },
    { method: 'GET', url: `/app/questionnaire/unlock/${triadId}/${questionnaireId}?profile=1` },
    { method: 'PUT', url: `/app/questionnaire/cancel-signature/${triadId}/${questionnaireId}?profile=1` },
    { method: 'GET', url: `/app/lea-manager/${courseId}/unlock-all/${questionnaireId}` },
  ];

  it.each(['apprenti2', 'etranger'])('answers 403 with nothing else to %s on every call', async (username) => {
    for (const call of callsFor(fixture.triadId, fixture.questionnaireId)) {
      const response = await callAs(test.app, tokens[username] as string, call.method, call.url, call.payload);
      expect([call.url, response.statusCode]).toEqual([call.url, 403]);
      expect(response.json()).toEqual({ code: 403, message: 'Accès interdit' });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/fr/app/questionnaire/list/${fixture.triadId}`,
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown triad or questionnaire, even to an administrator', async () => {
    for (const call of [...callsFor(987654, fixture.questionnaireId, 987654), ...callsFor(fixture.triadId, 987654).slice(1)]) {
      const response = await callAs(test.app, tokens.admin as string, call.method, call.url, call.payload);
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
    }
  });

  it('answers 404 for a questionnaire that does not apply to the triad, and for a triad of another platform', async () => {
    const { db } = test.app.ctx;
    const [triad2] = await db
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti2'));
    const notApplying = await callAs(
      test.app,
      tokens.manager as string,
      'GET',
      `/app/questionnaire/${triad2?.id}/${fixture.questionnaireId}`,
    );
    expect(notApplying.statusCode).toBe(404);
    const [archived] = await db
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti6'));
    await db.insert(questionnaireTriads).values({ questionnaireId: fixture.questionnaireId, triadId: archived?.id ?? 0 });
    const otherCourse = await callAs(
      test.app,
      tokens.admin as string,
      'GET',
      `/app/questionnaire/${archived?.id}/${fixture.questionnaireId}`,
    );
    expect(otherCourse.statusCode).toBe(404);

    const { courseId } = await createForeignCourse(db, 'ailleurs.example.com');
    const [foreign] = await db
      .insert(triads)
      .values({ trainingCourseId: courseId, apprenticeId: await userIdOf(test.app, 'apprenti') })
      .returning();
    for (const call of callsFor(foreign?.id ?? 0, fixture.questionnaireId, courseId)) {
      const response = await callAs(test.app, tokens.apprenti as string, call.method, call.url, call.payload);
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
    }
  });
});
