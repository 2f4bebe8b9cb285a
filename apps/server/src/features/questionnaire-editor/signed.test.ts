import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenericActionResponse, QuestionnaireEditorList, QuestionnaireEditorModel, QuestionnaireSaveResponse } from '@lea/shared';
import { answers, questions } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ACTION_MESSAGES } from './actions.js';
import { callAs, dayFromToday, demoCourse } from './test-fixtures.js';

describe('questionnaire editor: what signed answers forbid', () => {
  let test: TestApp;
  let course: Awaited<ReturnType<typeof demoCourse>>;
  let model: QuestionnaireEditorModel;
  const tokens: Record<string, string> = {};
  const base = () => `/app/lea-manager/${course.courseId}`;
  const as = (username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    callAs(test.app, tokens[username] as string, method, path, payload);
  const read = async () => QuestionnaireEditorModel.parse((await as('manager', 'GET', `${base()}/questionnaire/${model.id}`)).json());
  const itemTitled = (title: string) => {
    const item = model.questions.find((question) => question.title === title);
    if (!item) throw new Error(`item ${title} missing`);
    return item;
  };
  const answerCount = async () => Number((await test.app.ctx.db.select({ total: count() }).from(answers))[0]?.total);

  beforeAll(async () => {
    test = await createTestApp();
    course = await demoCourse(test.app);
    for (const username of ['manager', 'apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    const created = await as('manager', 'POST', `${base()}/questionnaire`, {
      title: 'Auto-évaluation',
      category: { id: course.categoryIds[0] },
      visibleBy: [1, 2, 4],
      signedBy: [1],
      accessDates: { all: { startDate: dayFromToday(-5), endDate: dayFromToday(20) } },
      triads: [{ id: course.triadId }],
      questions: [
        {
          itemType: 'field',
          title: 'Êtes-vous satisfait ?',
          type: 3,
          access: [1],
          valueList: [
            { value: 'Oui', mark: null },
            { value: 'Non', mark: null },
            { value: 'Sans avis', mark: null },
          ],
        },
        { itemType: 'field', title: 'Commentaire', type: 0, access: [1] },
        {
          itemType: 'cluster',
          title: 'Grille',
          access: [1],
          displayMode: 2,
          valueList: [
            { value: 'A', mark: null },
            { value: 'B', mark: null },
          ],
          questions: [{ itemType: 'field', title: 'Rigueur', type: 3 }],
        },
        { itemType: 'field', title: 'Avis du tuteur', type: 1, access: [2] },
      ],
    });
    model = QuestionnaireSaveResponse.parse(created.json()).responses[0]?.object as QuestionnaireEditorModel;
    const grid = itemTitled('Grille');
    const save = (username: string, body: unknown) => as(username, 'PUT', `/app/questionnaire/save/${course.triadId}/${model.id}`, body);
    const tutorDraft = await save('tuteur', {
      draft: 1,
      profile: 2,
      version: 0,
      answers: [{ questionId: itemTitled('Avis du tuteur').id, value: 'Brouillon' }],
    });
    expect(tutorDraft.statusCode, tutorDraft.body).toBe(200);
    const signed = await save('apprenti', {
      draft: 3,
      profile: 1,
      version: 0,
      answers: [
        { questionId: itemTitled('Êtes-vous satisfait ?').id, value: 'Oui' },
        { questionId: itemTitled('Commentaire').id, value: 'RAS' },
        { questionId: grid.questions[0]?.id, value: 'B' },
      ],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().hasError).toBe(false);
    model = await read();
  });
  afterAll(async () => {
    await test.close();
  });

  const put = (changes: Partial<QuestionnaireEditorModel> & { deletedQuestions?: { itemType: string; id: number }[] }) =>
    as('manager', 'PUT', `${base()}/questionnaire/${model.id}`, { ...model, ...changes });
  const replaceItem = (title: string, change: Record<string, unknown>) =>
    model.questions.map((item) => (item.title === title ? { ...item, ...change } : item));

  it('flags the questionnaire as signed in the model and the list', async () => {
    expect(model.isAlreadySigned).toBe(true);
    const list = QuestionnaireEditorList.parse((await as('manager', 'GET', `${base()}/questionnaires`)).json());
    const entry = list.years
      .flatMap((year) => year.categories.flatMap((category) => category.questionnaires))
      .find((item) => item.id === model.id);
    expect(entry?.isAlreadySigned).toBe(true);
  });

  it('refuses removing, retyping or dropping a chosen option of a signed item with 409, and changes nothing', async () => {
    const satisfied = itemTitled('Êtes-vous satisfait ?');
    const grid = itemTitled('Grille');
    const answersBefore = await answerCount();
    const removed = await put({
      questions: model.questions.filter((item) => item.id !== satisfied.id),
      deletedQuestions: [{ itemType: 'field', id: satisfied.id as number }],
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({
      code: 409,
      message:
        'Ce questionnaire a des réponses signées : la question « Êtes-vous satisfait ? » ne peut plus être supprimée ni changer de type',
      errors: [{ field: 'deletedQuestions.0' }],
    });
    const retyped = await put({ questions: replaceItem('Commentaire', { type: 1 }) });
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json().errors[0].field).toBe('questions.1');
    const optionDropped = await put({ questions: replaceItem('Êtes-vous satisfait ?', { valueList: [{ value: 'Non', mark: null }] }) });
    expect(optionDropped.statusCode).toBe(409);
    expect(optionDropped.json().message).toContain('« Oui »');
    const columnDropped = await put({ questions: replaceItem('Grille', { valueList: [{ value: 'A', mark: null }] }) });
    expect(columnDropped.json()).toMatchObject({ code: 409, errors: [{ field: 'questions.2' }] });
    const clusterRemoved = await put({
      questions: model.questions.filter((item) => item.id !== grid.id),
      deletedQuestions: [{ itemType: 'cluster', id: grid.id as number }],
    });
    expect(clusterRemoved.statusCode).toBe(409);
    expect(await read()).toEqual(model);
    expect(await answerCount()).toBe(answersBefore);
  });

  it('accepts what keeps the signed answers: new titles, a new option, a new item; a draft-answered item goes with its draft', async () => {
    const tutorItem = itemTitled('Avis du tuteur');
    const answersBefore = await answerCount();
    const response = await put({
      title: 'Auto-évaluation (v2)',
      questions: [
        ...replaceItem('Êtes-vous satisfait ?', {
          title: 'Satisfait ?',
          valueList: [
            { value: 'Oui', mark: null },
            { value: 'Non', mark: null },
            { value: 'Très', mark: null },
          ],
        }).filter((item) => item.id !== tutorItem.id),
        { itemType: 'field', title: 'Nouvelle question', type: 0, access: [1], id: null } as QuestionnaireEditorModel['questions'][number],
      ],
      deletedQuestions: [{ itemType: 'field', id: tutorItem.id as number }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = QuestionnaireSaveResponse.parse(response.json()).responses[0]?.object as QuestionnaireEditorModel;
    expect(saved.questions.map((item) => item.title)).toEqual(['Satisfait ?', 'Commentaire', 'Grille', 'Nouvelle question']);
    expect(await answerCount()).toBe(answersBefore - 1);
    expect(
      await test.app.ctx.db
        .select()
        .from(questions)
        .where(eq(questions.id, tutorItem.id as number)),
    ).toEqual([]);
    model = saved;
  });

  it('refuses deleting the questionnaire while a reply is signed, then allows it once the signature is cancelled', async () => {
    const refused = GenericActionResponse.parse((await as('manager', 'DELETE', `${base()}/questionnaire/delete/${model.id}`)).json());
    expect(refused).toEqual({
      success: false,
      hasError: true,
      message: ACTION_MESSAGES.signed,
      detail: [{ message: ACTION_MESSAGES.signed }],
    });
    expect((await read()).id).toBe(model.id);
    const cancelled = await as('manager', 'PUT', `/app/questionnaire/cancel-signature/${course.triadId}/${model.id}?profile=1`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const retyped = await put({ isAlreadySigned: false, questions: replaceItem('Commentaire', { type: 1 }) });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const deleted = GenericActionResponse.parse((await as('manager', 'DELETE', `${base()}/questionnaire/delete/${model.id}`)).json());
    expect(deleted).toMatchObject({ success: true, hasError: false });
    expect((await as('manager', 'GET', `${base()}/questionnaire/${model.id}`)).statusCode).toBe(404);
  });
});
