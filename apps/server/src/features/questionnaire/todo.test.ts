import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireList, QuestionnaireTodoResponse } from '@lea/shared';
import { questionnaires, triads, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAs, tokenFor } from '../../test/auth.js';
import { dayFromToday } from './test-fixtures.js';

/** GET /app/questionnaire/todo: the course list's "questionnaires to do" block, across the caller's triads. */
describe('GET /app/questionnaire/todo', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  const triadOf: Record<string, { id: number; courseId: number }> = {};

  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti5', 'tuteur', 'parent'])
      tokens[username] = await tokenFor(test.app, username);
    const rows = await test.app.ctx.db
      .select({ id: triads.id, courseId: triads.trainingCourseId, username: users.username })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId));
    for (const row of rows) triadOf[row.username] = { id: row.id, courseId: row.courseId };
  });
  afterAll(async () => {
    await test.close();
  });

  const todo = async (username: string) => {
    const response = await getAs(test.app, '/api/fr/app/questionnaire/todo', tokens[username]);
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireTodoResponse.parse(response.json()).items;
  };
  /** What the dashboard's to-do block of one triad shows (questionnaire-queries.ts buildTodoItems). */
  const dashboardTodo = async (username: string, triadId: number) => {
    const list = QuestionnaireList.parse((await getAs(test.app, `/api/fr/app/questionnaire/list/${triadId}`, tokens[username])).json());
    return list.years
      .flatMap((year) => year.categories.flatMap((category) => category.questionnaires))
      .flatMap((item) => (item.userTodo ? [`${item.id} ${item.userTodo.action}`] : []))
      .sort();
  };

  it('answers 401 without a token', async () => {
    expect((await getAs(test.app, '/api/fr/app/questionnaire/todo')).statusCode).toBe(401);
  });

  it("lists the apprentice's to-do of their triad as the dashboard does, nearest due date first", async () => {
    const items = await todo('apprenti');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.triad.id === triadOf.apprenti?.id && item.triad.apprenticeName === 'Lucas Martin')).toBe(true);
    expect(items.map((item) => `${item.questionnaire.id} ${item.action}`).sort()).toEqual(
      await dashboardTodo('apprenti', triadOf.apprenti?.id ?? 0),
    );
    // The demo apprentice has not started the nearest one: it is to complete, not to sign.
    expect(items[0]).toMatchObject({ triad: { trainingCourseId: triadOf.apprenti?.courseId }, action: 'complete' });
    const due = items.map((item) => item.dueDate ?? '9999');
    expect(due).toEqual([...due].sort());
  });

  it("gathers a tutor's triads, and leaves out inactive triads and archived courses", async () => {
    const items = await todo('tuteur');
    const triadIds = new Set(items.map((item) => item.triad.id));
    expect(triadIds).toEqual(new Set([triadOf.apprenti?.id, triadOf.apprenti2?.id]));
    // Signed by the tutor in the demo: not to do any more.
    expect(items.some((item) => item.triad.id === triadOf.apprenti?.id && item.questionnaire.title === "Entretien d'intégration")).toBe(
      false,
    );
    expect(await todo('apprenti5')).toEqual([]);
  });

  it('uses the completeness date as due date when the questionnaire has one', async () => {
    const { db } = test.app.ctx;
    await db.insert(questionnaires).values({
      trainingCourseId: triadOf.apprenti?.courseId ?? 0,
      year: 1,
      title: 'Fiche de liaison',
      signedBy: [1],
      accessDates: { all: { startDate: dayFromToday(-5), endDate: dayFromToday(90) } },
      completenessDate: dayFromToday(-1),
    });
    const [first] = await todo('apprenti');
    expect(first).toMatchObject({ questionnaire: { title: 'Fiche de liaison' }, action: 'sign', dueDate: dayFromToday(-1) });
  });

  it('gives nothing to those who only manage, administer, or have no profile', async () => {
    expect(await todo('manager')).toEqual([]);
    expect(await todo('admin')).toEqual([]);
    expect(await todo('parent')).toEqual([]);
  });
});
