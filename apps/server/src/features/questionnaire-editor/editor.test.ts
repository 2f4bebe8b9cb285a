import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR_MESSAGES,
  QuestionnaireEditorBody,
  QuestionnaireEditorModel,
  QuestionnaireSaveResponse,
  checkQuestionnaireModel,
  type QuestionnaireEditorBodyInput,
} from '@lea/shared';
import { questionnaires, questions } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callAs, createOtherCourseManager, demoCourse, fullBody } from './test-fixtures.js';

describe('questionnaire editor: create, read back, validation, access', () => {
  let test: TestApp;
  let course: Awaited<ReturnType<typeof demoCourse>>;
  let categoryId: number;
  const tokens: Record<string, string> = {};
  const base = () => `/app/lea-manager/${course.courseId}`;
  const as = (username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    callAs(test.app, tokens[username] as string, method, `${base()}${path}`, payload);
  const counts = async () => {
    const [q] = await test.app.ctx.db.select({ total: count() }).from(questionnaires);
    const [items] = await test.app.ctx.db.select({ total: count() }).from(questions);
    return { questionnaires: Number(q?.total), questions: Number(items?.total) };
  };
  const create = async (body: QuestionnaireEditorBodyInput) => {
    const response = await as('manager', 'POST', '/questionnaire', body);
    expect(response.statusCode, response.body).toBe(200);
    return QuestionnaireSaveResponse.parse(response.json());
  };

  beforeAll(async () => {
    test = await createTestApp();
    course = await demoCourse(test.app);
    await createOtherCourseManager(test.app);
    for (const username of ['manager', 'admin', 'apprenti', 'tuteur', 'gestionnaire2'])
      tokens[username] = await tokenFor(test.app, username);
    categoryId = course.categoryIds[0] as number;
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates a questionnaire with every field type, clusters, marks and the interview date, and reads it back unchanged', async () => {
    const body = fullBody(categoryId, {
      crews: [{ id: course.crewIds[0] as number, startDate: null, endDate: null }],
      triads: [{ id: course.triadId }],
    });
    const saved = await create(body);
    expect(saved.hasError).toBe(false);
    const object = saved.responses[0]?.object;
    if (!object) throw new Error('no saved model');
    const read = QuestionnaireEditorModel.parse((await as('manager', 'GET', `/questionnaire/${object.id}`)).json());
    expect(read).toEqual(object);

    // What was sent, as the rules normalise it, is what is stored: compare item by item without ids.
    const { model } = checkQuestionnaireModel(QuestionnaireEditorBody.parse(body));
    const withoutIds = (items: typeof read.questions) =>
      items.map(({ id: _id, questions: rows, ...item }) => ({ ...item, questions: rows.map(({ id: _rowId, ...row }) => row) }));
    const stored = read.questions.filter((item) => item.id !== 0);
    expect(withoutIds(stored)).toEqual(withoutIds(model.questions));
    expect(stored.every((item) => item.id !== null && item.questions.every((row) => row.id !== null))).toBe(true);
    expect(read.questions.at(-1)).toMatchObject({ id: 0, index: 50000, type: 11, required: true, title: 'Date de la visite', access: [2] });
    expect(read).toMatchObject({
      title: 'Bilan de fin de période',
      category: { id: categoryId },
      signedBy: [1, 2],
      allProfileDates: true,
      accessDates: { all: body.accessDates?.all, 1: null },
      crews: [{ id: course.crewIds[0], startDate: null, endDate: null }],
      triads: [{ id: course.triadId, title: 'Lucas Martin' }],
      markAutomatic: true,
      markMaximum: 20,
      isAlreadySigned: false,
      firstReminderSentAt: null,
      trainingCourse: { id: course.courseId },
    });
    const grid = stored.find((item) => item.displayMode === 2);
    expect(grid?.questions.map((row) => [row.title, row.type, row.valueList])).toEqual([
      ['Ponctualité', 3, []],
      ['Autonomie', 3, []],
    ]);

    // Saving the model read back (the web app's round trip) changes nothing.
    const again = await as('manager', 'PUT', `/questionnaire/${object.id}`, read);
    expect(again.statusCode, again.body).toBe(200);
    expect(QuestionnaireSaveResponse.parse(again.json()).responses[0]?.object).toEqual(read);
  });

  it('stores the descriptions through the shared HTML allow-list', async () => {
    const saved = await create(
      fullBody(categoryId, {
        description: '<p>Bienvenue <em>à tous</em><svg><style><img src=x onerror=alert(1)></style></svg></p>',
        descriptionPdf: '<a href="javascript:alert(1)" onmouseover="alert(1)">Guide</a>',
      }),
    );
    const id = saved.responses[0]?.object?.id ?? 0;
    const [row] = await test.app.ctx.db.select().from(questionnaires).where(eq(questionnaires.id, id));
    // The img breaks out of the SVG when parsed (as a browser would): it stays, without its handler.
    expect(row?.description).toBe('<p>Bienvenue <em>à tous</em><img src="x"></p>');
    expect(row?.descriptionPdf).toBe('<a target="_blank" rel="noopener noreferrer">Guide</a>');
  });

  it('refuses a question without title, keyed to it, and writes nothing', async () => {
    const body = fullBody(categoryId);
    const items = [...(body.questions ?? [])];
    items[3] = { ...items[3], itemType: 'field', title: '  ' };
    items[6] = { ...items[6], itemType: 'field', access: [] };
    const before = await counts();
    const response = await as('manager', 'POST', '/questionnaire', { ...body, questions: items, title: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      hasError: true,
      message: EDITOR_MESSAGES.questionsInvalid,
      responses: [
        {
          validationErrors: [
            { field: 'title', message: 'Ce champ est obligatoire' },
            { field: 'questions.3.title', message: EDITOR_MESSAGES.titleMissing },
            { field: 'questions.6.access', message: EDITOR_MESSAGES.accessMissing },
          ],
        },
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses references of another course and unknown question ids, and changes nothing', async () => {
    const saved = await create(fullBody(categoryId));
    const id = saved.responses[0]?.object?.id as number;
    const read = QuestionnaireEditorModel.parse((await as('manager', 'GET', `/questionnaire/${id}`)).json());
    const before = await counts();
    const foreign = await as('manager', 'PUT', `/questionnaire/${id}`, {
      ...read,
      title: 'Autre titre',
      triads: [{ id: 999999 }],
      secondaryQuestionnaires: [{ id }],
    });
    expect(foreign.json().responses[0].validationErrors).toEqual([
      { field: 'triads.0.id', message: "Cet élément n'appartient pas à la formation" },
      { field: 'secondaryQuestionnaires.0.id', message: 'Un questionnaire ne peut pas être son propre questionnaire secondaire' },
    ]);
    const unknown = await as('manager', 'PUT', `/questionnaire/${id}`, {
      ...read,
      questions: [{ ...read.questions[1], id: 999999 }, ...read.questions.slice(2)],
    });
    expect(unknown.json().responses[0].validationErrors).toEqual([{ field: 'questions.0.id', message: 'Question inconnue' }]);
    expect(await counts()).toEqual(before);
    expect(QuestionnaireEditorModel.parse((await as('manager', 'GET', `/questionnaire/${id}`)).json())).toEqual(read);
  });

  it('answers field errors to bodies of the wrong shape, and writes nothing', async () => {
    const before = await counts();
    const response = await as('manager', 'POST', '/questionnaire', {
      ...fullBody(categoryId),
      signedBy: [7],
      questions: [{ itemType: 'block', title: 'x' }],
      accessDates: { all: { startDate: '2026-02-30', endDate: null } },
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().errors as { field: string }[]).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['signedBy.0', 'questions.0.itemType', 'accessDates.all.startDate']));
    expect(await counts()).toEqual(before);
  });

  it('updates, inserts and deletes items by id, in tree order', async () => {
    const saved = await create(fullBody(categoryId));
    const read = saved.responses[0]?.object as QuestionnaireEditorModel;
    const [heading, missions, ...rest] = read.questions.filter((item) => item.id !== 0);
    const cluster = rest.find((item) => item.title === 'Votre ressenti');
    if (!heading || !missions || !cluster) throw new Error('items missing');
    const moved = { ...cluster, title: 'Ressenti', questions: [cluster.questions[1], { itemType: 'field', title: '', type: 0 }] };
    const response = await as('manager', 'PUT', `/questionnaire/${read.id}`, {
      ...read,
      useInterviewDate: false,
      questions: [moved, { ...missions, title: 'Missions confiées' }, { itemType: 'field', title: 'Nouvelle', type: 0, access: [4] }],
      deletedQuestions: [
        { itemType: 'title', id: heading.id },
        ...rest.filter((item) => item !== cluster).map((item) => ({ itemType: item.itemType, id: item.id as number })),
        { itemType: 'field', id: cluster.questions[0]?.id as number },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = QuestionnaireSaveResponse.parse(response.json()).responses[0]?.object as QuestionnaireEditorModel;
    expect(
      after.questions.map((item) => [item.id === null ? null : item.index, item.title, item.questions.map((row) => row.title)]),
    ).toEqual([
      [0, 'Ressenti', ['Peu satisfait', 'Ligne 2']],
      [1, 'Missions confiées', []],
      [2, 'Nouvelle', []],
    ]);
    expect(after.questions[0]?.id).toBe(cluster.id);
    expect(after.questions[1]?.id).toBe(missions.id);
    const rows = await test.app.ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.questionnaireId, read.id));
    expect(rows).toHaveLength(5);
  });

  it("answers 401 without a token, 403 to triad members and other courses' managers, 404 for another course's records", async () => {
    const saved = await create(fullBody(categoryId));
    const id = saved.responses[0]?.object?.id as number;
    expect((await callAs(test.app, null, 'GET', `${base()}/questionnaires`)).statusCode).toBe(401);
    for (const username of ['apprenti', 'tuteur', 'gestionnaire2']) {
      expect((await as(username, 'GET', '/questionnaires')).statusCode).toBe(403);
      expect((await as(username, 'GET', `/questionnaire/${id}`)).statusCode).toBe(403);
      expect((await as(username, 'POST', '/questionnaire', fullBody(categoryId))).statusCode).toBe(403);
      expect((await as(username, 'PUT', `/questionnaire/active/${id}`)).statusCode).toBe(403);
      expect((await as(username, 'GET', '/questionnaire/category')).statusCode).toBe(403);
      expect((await as(username, 'POST', '/questionnaire/category', [{ code: 'category', form: { title: 'x' } }])).statusCode).toBe(403);
    }
    expect((await as('admin', 'GET', `/questionnaire/${id}`)).statusCode).toBe(200);
    const other = `/app/lea-manager/${course.archivedCourseId}`;
    expect((await callAs(test.app, tokens.gestionnaire2 as string, 'GET', `${other}/questionnaire/${id}`)).statusCode).toBe(404);
    expect(
      (await callAs(test.app, tokens.gestionnaire2 as string, 'PUT', `${other}/questionnaire/${id}`, fullBody(categoryId))).json()
        .responses[0].validationErrors,
    ).toEqual([{ field: 'category', message: "Cet élément n'appartient pas à la formation" }]);
    expect((await callAs(test.app, tokens.manager as string, 'GET', '/app/lea-manager/999999/questionnaires')).statusCode).toBe(404);
  });
});
