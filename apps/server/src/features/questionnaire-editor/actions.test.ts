import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FormModel,
  GenericActionResponse,
  GenericListResponse,
  GenericSaveResponse,
  QuestionnaireActiveResponse,
  QuestionnaireEditorList,
  QuestionnaireEditorModel,
  QuestionnaireEditorOptions,
  QuestionnaireSaveResponse,
} from '@lea/shared';
import { historyLog, platforms, questionnaireCategories } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/jwt.js';
import { tokenFor, userIdOf } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ACTION_MESSAGES } from './actions.js';
import { callAs, demoCourse, fullBody } from './test-fixtures.js';

describe('questionnaire editor: list, options, copy, active, categories', () => {
  let test: TestApp;
  let course: Awaited<ReturnType<typeof demoCourse>>;
  const tokens: Record<string, string> = {};
  const base = () => `/app/lea-manager/${course.courseId}`;
  const as = (username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    callAs(test.app, tokens[username] as string, method, `${base()}${path}`, payload);
  const categories = async (path = '/questionnaire/category') => GenericListResponse.parse((await as('manager', 'GET', path)).json()).data;
  const create = async (extra: Parameters<typeof fullBody>[1] = {}) => {
    const response = await as('manager', 'POST', '/questionnaire', fullBody(course.categoryIds[0] as number, extra));
    return QuestionnaireSaveResponse.parse(response.json()).responses[0]?.object as QuestionnaireEditorModel;
  };
  const listed = async () =>
    QuestionnaireEditorList.parse((await as('manager', 'GET', '/questionnaires')).json()).years.flatMap((year) =>
      year.categories.flatMap((category) => category.questionnaires.map((item) => ({ ...item, group: category.title, inYear: year.year }))),
    );

  beforeAll(async () => {
    test = await createTestApp();
    course = await demoCourse(test.app);
    for (const username of ['manager', 'admin']) tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists every questionnaire of the course per year and category, inactive ones included', async () => {
    const list = QuestionnaireEditorList.parse((await as('manager', 'GET', '/questionnaires')).json());
    expect(list.years.map((year) => year.year)).toEqual([1, 2]);
    expect(list.years[0]?.categories.map((category) => category.title)).toEqual(['Intégration', 'Suivi en entreprise', 'Évaluations']);
    const integration = list.years[0]?.categories[0]?.questionnaires[0];
    expect(integration).toMatchObject({
      title: "Entretien d'intégration",
      active: true,
      isAlreadySigned: true,
      canBeCopiedBy: [],
      canCopy: false,
      signedBy: [1, 2],
    });
    const options = QuestionnaireEditorOptions.parse((await as('manager', 'GET', '/questionnaire/form')).json());
    expect(options.years).toEqual([1, 2]);
    expect(options.crews.slice(0, 2).map((crew) => crew.triads.length)).toEqual([2, 3]);
    expect(options.questionnaires).toHaveLength(6);
    const forOne = QuestionnaireEditorOptions.parse((await as('manager', 'GET', `/questionnaire/form/${integration?.id}`)).json());
    expect(forOne.questionnaires.map((q) => q.id)).not.toContain(integration?.id);
    expect((await as('manager', 'GET', '/questionnaire/form/999999')).statusCode).toBe(404);
  });

  it('copies a questionnaire whose canBeCopiedBy holds the manager (administrators always), inactive and with its tree', async () => {
    const source = await create({ triads: [{ id: course.triadId }] });
    const copied = GenericActionResponse.parse((await as('manager', 'POST', `/questionnaire/copy/${source.id}`)).json());
    expect(copied).toMatchObject({ success: true, hasError: false, detail: [{ message: ACTION_MESSAGES.copied }] });
    const copy = QuestionnaireEditorModel.parse((await as('manager', 'GET', `/questionnaire/${copied.id}`)).json());
    expect(copy).toMatchObject({
      title: `${source.title} (copie)`,
      active: false,
      triads: source.triads,
      isAlreadySigned: false,
      firstReminderSentAt: null,
    });
    const shape = (model: QuestionnaireEditorModel) =>
      model.questions.map(({ id: _id, questions: rows, ...item }) => ({ ...item, questions: rows.map(({ id: _rowId, ...row }) => row) }));
    expect(shape(copy)).toEqual(shape(source));
    expect(copy.questions.filter((item) => item.id !== 0).every((item) => !source.questions.some((other) => other.id === item.id))).toBe(
      true,
    );

    const closed = await create({ canBeCopiedBy: [] });
    const refused = await as('manager', 'POST', `/questionnaire/copy/${closed.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACTION_MESSAGES.cannotCopy);
    expect((await as('admin', 'POST', `/questionnaire/copy/${closed.id}`)).statusCode).toBe(200);
    expect((await as('manager', 'POST', '/questionnaire/copy/999999')).statusCode).toBe(404);
  });

  it('toggles active, and logs it with the impersonator when there is one', async () => {
    const model = await create();
    const off = QuestionnaireActiveResponse.parse((await as('manager', 'PUT', `/questionnaire/active/${model.id}`)).json());
    expect(off).toEqual({ success: true, active: false });
    expect((await listed()).find((item) => item.id === model.id)?.active).toBe(false);
    const managerId = await userIdOf(test.app, 'manager');
    const adminId = await userIdOf(test.app, 'admin');
    const [platform] = await test.app.ctx.db.select({ id: platforms.id }).from(platforms).where(eq(platforms.hostname, 'localhost'));
    const impersonated = await signAccessToken(
      { sub: String(managerId), username: 'manager', roles: ['ROLE_LEA_USER'], platform: platform?.id as number, impersonator: adminId },
      test.app.ctx.config.jwtSecret,
    );
    const on = await callAs(test.app, impersonated, 'PUT', `${base()}/questionnaire/active/${model.id}`);
    expect(on.json()).toEqual({ success: true, active: true });
    const lines = await test.app.ctx.db.select().from(historyLog).where(eq(historyLog.action, 'questionnaire-editor.active'));
    expect(lines).toEqual([
      expect.objectContaining({ userId: managerId, impersonatorId: null, entityId: model.id, details: { active: false } }),
      expect.objectContaining({ userId: managerId, impersonatorId: adminId, entityId: model.id, details: { active: true } }),
    ]);
  });

  it('serves the categories as the registry entity questionnaire-category, also at the spec paths; one in use cannot be deleted', async () => {
    const form = FormModel.parse((await as('manager', 'GET', '/questionnaire/category/form')).json());
    expect(form.tabs[0]?.fields.map((field) => [field.name, field.required, field.value])).toEqual([['title', true, null]]);
    const empty = GenericSaveResponse.parse(
      (await as('manager', 'POST', '/questionnaire/category', [{ code: 'category', form: { title: ' ' } }])).json(),
    );
    expect(empty).toMatchObject({
      hasError: true,
      responses: [{ validationErrors: [{ field: 'title', message: 'Ce champ est obligatoire' }] }],
    });
    const created = GenericSaveResponse.parse(
      (await as('manager', 'POST', '/questionnaire/category', [{ code: 'category', form: { title: 'Bilans' } }])).json(),
    );
    const id = created.responses[0]?.object?.id as number;
    const edit = FormModel.parse((await as('manager', 'GET', `/questionnaire/category/form/${id}`)).json());
    expect(edit.tabs[0]?.fields[0]?.value).toBe('Bilans');
    const renamed = await as('manager', 'PUT', `/questionnaire/category/${id}`, [
      { code: 'category', form: { title: 'Bilans de période' } },
    ]);
    expect(renamed.json()).toMatchObject({ hasError: false, responses: [{ object: { id } }] });
    const rows = await categories();
    expect(rows.map((row) => row.title)).toEqual(['Intégration', 'Suivi en entreprise', 'Évaluations', 'Bilans de période']);
    expect(rows[0]).toMatchObject({ years: '1', yearList: [1], canRemove: false });
    expect(rows[3]).toMatchObject({ questionnaireCount: 0, position: 3, canRemove: true });
    expect(await categories('/questionnaire-category/list')).toEqual(rows);

    const used = rows[0]?.id as number;
    const refused = GenericActionResponse.parse((await as('manager', 'DELETE', `/questionnaire/category/delete/${used}`)).json());
    expect(refused.success).toBe(false);
    expect(refused.detail[0]?.message).toMatch(/utilisée par \d+ questionnaire/);
    const deleted = GenericActionResponse.parse((await as('manager', 'DELETE', `/questionnaire/category/delete/${id}`)).json());
    expect(deleted).toMatchObject({ success: true, hasError: false });
    expect(await test.app.ctx.db.select().from(questionnaireCategories).where(eq(questionnaireCategories.id, id))).toEqual([]);
    expect((await as('manager', 'DELETE', `/questionnaire/category/delete/${id}`)).statusCode).toBe(404);
    const other = await callAs(
      test.app,
      tokens.manager as string,
      'PUT',
      `/app/lea-manager/${course.archivedCourseId}/questionnaire/category/${used}`,
      [{ code: 'category', form: { title: 'x' } }],
    );
    expect(other.statusCode).toBe(404);
  });
});
