import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crews,
  dataAgreementAcceptances,
  historyLog,
  platforms,
  questionnaireCategories,
  questionnaires,
  questions,
  trainingCourseManagers,
  trainingCourses,
  triads,
  users,
} from '../../db/schema/index.js';
import { demoCourseId, payloadOf } from '../../generic/test-helpers.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse, type ForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('admin setup: components, trainings, courses, design, data agreement, help documents, profile titles', () => {
  let test: TestApp;
  let admin: string;
  let foreign: ForeignCourse;
  const call = (token: string | null, method: Method, path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const form = async (path: string) => (await call(admin, 'GET', path)).json();
  const field = (
    model: { tabs: { fields: { name: string; value?: unknown; choices?: { value: string; label: string }[] }[] }[] },
    name: string,
  ) => model.tabs.flatMap((tab) => tab.fields).find((candidate) => candidate.name === name)!;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    foreign = await createForeignCourse(test.app.ctx.db, 'setup-ailleurs.example.com');
  });
  afterAll(async () => test?.close());

  it('creates an institution, a component, a training and a course with its manager', async () => {
    const institution = (
      await call(
        admin,
        'POST',
        '/admin/institution/post',
        payloadOf(await form('/admin/institution/form'), { name: 'CFA Setup', code: 'CFAS' }),
      )
    ).json();
    expect(institution.hasError).toBe(false);
    const institutionId = institution.responses[0].object.id as number;
    const componentForm = await form(`/admin/component/form/${institutionId}`);
    const component = (
      await call(admin, 'POST', `/admin/component/post/${institutionId}`, payloadOf(componentForm, { name: 'Informatique' }))
    ).json();
    expect(component).toMatchObject({ hasError: false, message: 'La composante a été enregistrée' });
    const componentId = component.responses[0].object.id as number;
    const components = (await call(admin, 'GET', `/admin/component/list/${institutionId}`)).json();
    expect(components.data.map((row: { name: string }) => row.name)).toEqual(['Informatique']);
    expect(components.subtitle).toBe('CFA Setup');
    const institutions = (await call(admin, 'GET', '/admin/institution/list?search=setup')).json();
    expect(institutions.data[0]).toMatchObject({ name: 'CFA Setup', code: 'CFAS', components: 'Informatique' });

    const trainingForm = await form('/admin/training/form');
    const training = (
      await call(
        admin,
        'POST',
        '/admin/training/post',
        payloadOf(trainingForm, {
          title: 'BTS Setup',
          code: 'BTSS',
          institutionId: String(institutionId),
          componentId: String(componentId),
        }),
      )
    ).json();
    expect(training.hasError).toBe(false);
    const trainingId = training.responses[0].object.id as number;
    const trainings = (await call(admin, 'GET', '/admin/training/list?search=setup')).json();
    expect(trainings.data[0]).toMatchObject({ title: 'BTS Setup', institution: 'CFA Setup', component: 'Informatique', courseCount: 0 });

    const courseForm = await form('/admin/training-course/form');
    expect(courseForm.tabs.map((tab: { code: string }) => tab.code)).toEqual(['trainingCourse', 'managers']);
    const [manager] = await test.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    expect(field(courseForm, 'managerIds').choices!.map((choice) => choice.value)).toContain(String(manager!.id));
    const course = (
      await call(
        admin,
        'POST',
        '/admin/training-course/post',
        payloadOf(courseForm, {
          trainingId: String(trainingId),
          displayName: 'BTS Setup 2026-2028',
          startYear: '2026',
          endYear: '2028',
          managerIds: [String(manager!.id)],
        }),
      )
    ).json();
    expect(course).toMatchObject({ hasError: false, message: 'Le parcours a été enregistré' });
    const courseId = course.responses[0].object.id as number;
    const assigned = await test.app.ctx.db
      .select()
      .from(trainingCourseManagers)
      .where(eq(trainingCourseManagers.trainingCourseId, courseId));
    expect(assigned.map((row) => row.userId)).toEqual([manager!.id]);
    const edit = await form(`/admin/training-course/form/${courseId}`);
    expect(field(edit, 'managerIds').value).toEqual([String(manager!.id)]);
    const listed = (await call(admin, 'GET', '/admin/training-course/list?search=setup', undefined, 'en')).json();
    expect(listed.data[0]).toMatchObject({ displayName: 'BTS Setup 2026-2028', years: '2026–2028', managers: 'Sophie Laurent' });

    const archived = await call(admin, 'PUT', `/admin/training-course/post/${courseId}`, payloadOf(edit, { archived: true }));
    expect(archived.json().hasError).toBe(false);
    const [row] = await test.app.ctx.db.select().from(trainingCourses).where(eq(trainingCourses.id, courseId));
    expect(row?.archived).toBe(true);
    // The training holds a course now: it stays.
    expect((await call(admin, 'DELETE', `/admin/training/delete/${trainingId}`)).json()).toMatchObject({ success: false });
    expect((await call(admin, 'DELETE', `/admin/component/delete/${componentId}`)).json()).toMatchObject({ success: false });
    expect((await call(admin, 'DELETE', `/admin/training-course/delete/${courseId}`)).json()).toMatchObject({ success: true });
    const lines = await test.app.ctx.db
      .select({ action: historyLog.action })
      .from(historyLog)
      .where(eq(historyLog.entity, 'training-course'));
    expect(lines.map((line) => line.action)).toEqual(
      expect.arrayContaining(['training-course.add', 'training-course.edit', 'training-course.delete']),
    );
  });

  it('duplicates a course into next year: crews, categories, questionnaires and questions, not triads', async () => {
    const { db } = test.app.ctx;
    const sourceId = await demoCourseId(test.app);
    const count = async (courseId: number) => ({
      crews: (await db.select().from(crews).where(eq(crews.trainingCourseId, courseId))).length,
      categories: (await db.select().from(questionnaireCategories).where(eq(questionnaireCategories.trainingCourseId, courseId))).length,
      questionnaires: (await db.select().from(questionnaires).where(eq(questionnaires.trainingCourseId, courseId))).length,
      questions: (
        await db
          .select({ id: questions.id })
          .from(questions)
          .innerJoin(questionnaires, eq(questionnaires.id, questions.questionnaireId))
          .where(and(eq(questionnaires.trainingCourseId, courseId)))
      ).filter(Boolean).length,
      triads: (await db.select().from(triads).where(eq(triads.trainingCourseId, courseId))).length,
      managers: (await db.select().from(trainingCourseManagers).where(eq(trainingCourseManagers.trainingCourseId, courseId))).length,
    });
    const before = await count(sourceId);
    const answer = (await call(admin, 'GET', `/admin/training-course/duplicate/${sourceId}?nextYear=1`, undefined, 'en')).json();
    expect(answer).toMatchObject({ success: true, message: 'The course has been duplicated into next year' });
    const copy = await count(answer.id);
    expect(copy).toEqual({ ...before, triads: 0, questions: copy.questions });
    expect(copy.questions).toBeGreaterThan(0);
    const [source] = await db.select().from(trainingCourses).where(eq(trainingCourses.id, sourceId));
    const [created] = await db.select().from(trainingCourses).where(eq(trainingCourses.id, answer.id));
    expect(created).toMatchObject({ displayName: 'BTS SIO 2026-2028', startYear: source!.startYear! + 1, endYear: source!.endYear! + 1 });
    const copied = await db.select().from(questionnaires).where(eq(questionnaires.trainingCourseId, answer.id));
    const categoryIds = new Set(
      (await db.select().from(questionnaireCategories).where(eq(questionnaireCategories.trainingCourseId, answer.id))).map((row) => row.id),
    );
    expect(copied.every((row) => row.categoryId === null || categoryIds.has(row.categoryId))).toBe(true);
    // The engine's copy does the same; both are written to the history.
    expect((await call(admin, 'POST', `/admin/training-course/copy/${sourceId}`)).json()).toMatchObject({ success: true });
    const lines = await db.select().from(historyLog).where(eq(historyLog.action, 'training-course.duplicate'));
    expect(lines).toHaveLength(1);
  });

  it('saves the design: colours and logo show in GET /app/design; bad colours and foreign files are field errors', async () => {
    const uploaded = (await call(admin, 'POST', '/file/upload', { data: PNG, originalName: 'logo.png', type: 'logo' })).json();
    expect(uploaded.hasError).toBe(false);
    const logo = { id: uploaded.responses[0].object.id, originalName: 'logo.png' };
    const model = await form('/admin/design/unique-form');
    expect(model.tabs.map((tab: { code: string }) => tab.code)).toEqual([
      'colors',
      'logos',
      'favicon',
      'presentation',
      'homeAlert',
      'help',
    ]);
    const bad = (await call(admin, 'PUT', '/admin/design/unique-post', payloadOf(model, { principalColor: 'red' }))).json();
    expect(bad.hasError).toBe(true);
    expect(bad.responses[0].validationErrors[0].field).toBe('principalColor');
    const saved = (
      await call(admin, 'PUT', '/admin/design/unique-post', payloadOf(model, { principalColor: '#123456', logoHomepage: [logo] }))
    ).json();
    expect(saved).toMatchObject({ hasError: false, message: "L'apparence de la plateforme a été enregistrée" });
    const design = (await call(null, 'GET', '/design')).json();
    expect(design.principalColor).toBe('#123456');
    expect(design.logos.logoHomepage).toEqual(expect.any(String));
    // A file another person uploaded is not the administrator's to use.
    const apprentice = await tokenFor(test.app, 'apprenti');
    const theirs = (await call(apprentice, 'POST', '/file/upload', { data: PNG, originalName: 'x.png' })).json();
    const current = await form('/admin/design/unique-form');
    expect(field(current, 'logoHomepage').value).toEqual(logo);
    const stolen = (
      await call(
        admin,
        'PUT',
        '/admin/design/unique-post',
        payloadOf(current, { favicon: [{ id: theirs.responses[0].object.id, originalName: 'x.png' }] }),
      )
    ).json();
    expect(stolen.hasError).toBe(true);
    expect(stolen.responses[0].validationErrors[0].field).toBe('favicon');
  });

  it('publishes a data-agreement version that every user accepts once, with date, address and version', async () => {
    const apprentice = await tokenFor(test.app, 'apprenti');
    expect((await call(apprentice, 'GET', '/data-agreement/status')).json()).toEqual({ pending: null });
    const model = await form('/admin/data-agreement/unique-form');
    const unpublished = await call(
      admin,
      'PUT',
      '/admin/data-agreement/unique-post',
      payloadOf(model, { legalNotice: '<p>Mentions v2</p>' }),
    );
    expect(unpublished.json().hasError).toBe(false);
    expect((await call(apprentice, 'GET', '/data-agreement/status')).json()).toEqual({ pending: null });
    const published = await call(
      admin,
      'PUT',
      '/admin/data-agreement/unique-post',
      payloadOf(model, { learnerPrivacy: '<p>Nouvelle notice</p>', publish: true }),
    );
    expect(published.json().hasError).toBe(false);
    const status = (await call(apprentice, 'GET', '/data-agreement/status')).json();
    expect(status.pending).toMatchObject({ version: 1, texts: expect.arrayContaining(['learnerPrivacy']) });
    expect((await call(apprentice, 'POST', '/data-agreement/accept', { version: 2 })).json().pending).toMatchObject({ version: 1 });
    expect((await call(apprentice, 'POST', '/data-agreement/accept', { version: 'x' })).statusCode).toBe(400);
    expect((await call(apprentice, 'POST', '/data-agreement/accept', { version: 1 })).json()).toEqual({ pending: null });
    const [apprenticeUser] = await test.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'apprenti'));
    const [acceptance] = await test.app.ctx.db
      .select()
      .from(dataAgreementAcceptances)
      .where(eq(dataAgreementAcceptances.userId, apprenticeUser!.id));
    expect(acceptance).toMatchObject({ ip: expect.any(String), acceptedAt: expect.any(Date) });
    expect((await call(null, 'GET', '/data-agreement/status')).statusCode).toBe(401);
    // The publisher is asked too; another platform's users are not.
    expect((await call(admin, 'GET', '/data-agreement/status')).json().pending).toMatchObject({ version: 1 });
  });

  it('edits a profile title, which GET /app/profile-titles answers in each language', async () => {
    const list = (await call(admin, 'GET', '/admin/profile-title/list')).json();
    expect(list.data.map((row: { titleAbbreviation: string }) => row.titleAbbreviation)).toEqual(['A', 'T', 'M', 'SM', 'CL']);
    const model = await form('/admin/profile-title/form/4');
    const blank = (await call(admin, 'PUT', '/admin/profile-title/post/4', payloadOf(model, { fr_title: ' ' }))).json();
    expect(blank.hasError).toBe(true);
    const saved = await call(
      admin,
      'PUT',
      '/admin/profile-title/post/4',
      payloadOf(model, { fr_title: 'Gestionnaire du livret', en_titleAbbreviation: 'BM' }),
    );
    expect(saved.json().hasError).toBe(false);
    expect((await call(null, 'GET', '/profile-titles')).json()[4]).toMatchObject({
      title: 'Gestionnaire du livret',
      titleAbbreviation: 'SM',
    });
    expect((await call(null, 'GET', '/profile-titles', undefined, 'en')).json()[4]).toMatchObject({ titleAbbreviation: 'BM' });
    expect((await call(admin, 'GET', '/admin/profile-title/form/6')).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/admin/profile-title/post', payloadOf(model))).statusCode).not.toBe(200);
  });

  it('adds help documents of text and file type, which the configuration offers', async () => {
    const model = await form('/admin/help-document/form');
    const missing = (
      await call(admin, 'POST', '/admin/help-document/post', payloadOf(model, { title: 'Guide', documentType: '1' }))
    ).json();
    expect(missing.hasError).toBe(true);
    expect(missing.responses[0].validationErrors[0].field).toBe('file');
    const text = await call(
      admin,
      'POST',
      '/admin/help-document/post',
      payloadOf(model, { title: 'FAQ Setup', documentType: '2', description: '<p>Réponses</p>' }),
    );
    expect(text.json().hasError).toBe(false);
    const config = (await call(null, 'GET', '/config')).json();
    expect(config.helpDocuments.map((doc: { title: string }) => doc.title)).toContain('FAQ Setup');
  });

  it('offers its screens in the admin menu, not the components (reached from their institution)', async () => {
    const menu = (await call(admin, 'GET', '/admin/menu')).json();
    const paths = menu.entries.map((entry: { path: string }) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining(['training', 'training-course', 'design/edit', 'help-document/settings', 'profile-title']),
    );
    expect(paths).not.toContain('institutions/component');
    const icons = Object.fromEntries(menu.entries.map((entry: { code: string; icon: string }) => [entry.code, entry.icon]));
    const codes = menu.entries.map((entry: { code: string }) => entry.code);
    expect(codes.slice(0, 5)).toEqual(['user', 'lea-manager-profile', 'institution', 'training', 'training-course']);
    expect(icons).toMatchObject({ user: 'IconUsers', training: 'IconSchool', design: 'IconPalette', history: 'IconHistory' });
  });

  it('answers 403 to a course manager and an apprentice on every call', async () => {
    const sourceId = await demoCourseId(test.app);
    for (const username of ['manager', 'apprenti']) {
      const token = await tokenFor(test.app, username);
      for (const [method, path] of [
        ['GET', '/admin/training/list'],
        ['POST', '/admin/training/post'],
        ['GET', '/admin/training/export'],
        ['GET', '/admin/training-course/list'],
        ['GET', `/admin/training-course/form/${sourceId}`],
        ['POST', `/admin/training-course/copy/${sourceId}`],
        ['GET', `/admin/training-course/duplicate/${sourceId}?nextYear=1`],
        ['GET', `/admin/component/list/${foreign.institutionId}`],
        ['GET', '/admin/design/unique-form'],
        ['PUT', '/admin/design/unique-post'],
        ['PUT', '/admin/data-agreement/unique-post'],
        ['GET', '/admin/help-document/list'],
        ['GET', '/admin/profile-title/list'],
        ['PUT', '/admin/profile-title/post/1'],
      ] as const) {
        const response = await call(token, method, path, method === 'PUT' || method === 'POST' ? [] : undefined);
        expect([username, path, response.statusCode]).toEqual([username, path, 403]);
      }
    }
  });

  it("answers 404 for another platform's institution, training and course, and 400 to bad ids", async () => {
    for (const [method, path] of [
      ['GET', `/admin/component/list/${foreign.institutionId}`],
      ['GET', `/admin/component/form/${foreign.institutionId}`],
      ['GET', `/admin/training/form/${foreign.trainingId}`],
      ['DELETE', `/admin/training/delete/${foreign.trainingId}`],
      ['GET', `/admin/training-course/form/${foreign.courseId}`],
      ['GET', `/admin/training-course/duplicate/${foreign.courseId}?nextYear=1`],
      ['POST', `/admin/training-course/copy/${foreign.courseId}`],
    ] as const) {
      expect((await call(admin, method, path)).statusCode, path).toBe(404);
    }
    for (const path of [
      '/admin/training-course/duplicate/0',
      '/admin/training-course/duplicate/2147483648',
      '/admin/training-course/duplicate/1?nextYear=2',
    ]) {
      expect((await call(admin, 'GET', path)).statusCode, path).toBe(400);
    }
    const trainings = (await call(admin, 'GET', '/admin/training/list?limit=100')).json();
    expect(trainings.data.map((row: { title: string }) => row.title)).not.toContain('CAP');
  });

  it('refuses bad training and course inputs with field errors, writing nothing', async () => {
    const { db } = test.app.ctx;
    const before = (await db.select({ id: trainingCourses.id }).from(trainingCourses)).length;
    const trainingForm = await form('/admin/training/form');
    const elsewhere = (
      await call(
        admin,
        'POST',
        '/admin/training/post',
        payloadOf(trainingForm, { title: 'X', institutionId: String(foreign.institutionId) }),
      )
    ).json();
    expect(elsewhere.hasError).toBe(true);
    expect(elsewhere.responses[0].validationErrors[0].field).toBe('institutionId');
    const courseForm = await form('/admin/training-course/form');
    const trainingId = field(courseForm, 'trainingId').choices![0]!.value;
    for (const [changes, wrong] of [
      [{ trainingId, displayName: 'X', startYear: '2028', endYear: '2026' }, 'endYear'],
      [{ trainingId, displayName: 'X', startYear: 'abc', endYear: '2026' }, 'startYear'],
      [{ trainingId: String(foreign.trainingId), displayName: 'X', startYear: '2026', endYear: '2027' }, 'trainingId'],
      [{ trainingId, displayName: 'X', startYear: '2026', endYear: '2027', managerIds: ['999999'] }, 'managerIds'],
    ] as const) {
      const answer = (await call(admin, 'POST', '/admin/training-course/post', payloadOf(courseForm, changes), 'en')).json();
      expect([wrong, answer.hasError]).toEqual([wrong, true]);
      expect(answer.responses[0].validationErrors.map((error: { field: string }) => error.field)).toContain(wrong);
    }
    expect((await db.select({ id: trainingCourses.id }).from(trainingCourses)).length).toBe(before);
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    expect(platform).toBeDefined();
  });
});
