import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  crews,
  historyLog,
  platforms,
  trainingCourseModules,
  trainingCourses,
  trainings,
  triads,
  userPlatforms,
  users,
} from '../../db/schema/index.js';
import { platformProfileTitles } from '../../services/profile-titles.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse, type ForeignCourse } from '../../test/foreign-course.js';
import { sheetRows } from '../../test/read-xlsx.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { schoolYearOf } from './service.js';

const PATHS = [
  '/admin/training/generate-training-test',
  '/admin/training/generate-triad-test?trainingCourse=1',
  '/admin/training/course-choices',
  '/admin/training/export-registrations',
  '/admin/user/user-profile',
];

describe('admin trainings page actions and the administrator profile', () => {
  let test: TestApp;
  let admin: string;
  let foreign: ForeignCourse;
  const call = (token: string | null, path: string, locale = 'fr', host = 'localhost') =>
    test.app.inject({
      method: 'GET',
      url: `/api/${locale}/app${path}`,
      headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const platformId = async () => (await test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost')))[0]!.id;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await tokenFor(test.app, 'admin');
    foreign = await createForeignCourse(test.app.ctx.db, 'formations-ailleurs.example.com');
  });
  afterAll(async () => test?.close());

  it('answers 401 without a token and 403 to the manager and the apprentice, writing nothing', async () => {
    const { db } = test.app.ctx;
    const before = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(trainings);
    for (const path of PATHS) {
      expect((await call(null, path)).statusCode, path).toBe(401);
      for (const username of ['manager', 'apprenti']) {
        const answer = await call(await tokenFor(test.app, username), path);
        expect(answer.statusCode, `${username} ${path}`).toBe(403);
      }
    }
    expect(await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(trainings)).toEqual(before);
  });

  it('refuses bad course ids and NUL with 400, and another platform’s course with 404', async () => {
    for (const value of ['abc', '0', '-1', '1.5', '2147483648', 'a%00b', '']) {
      const answer = await call(admin, `/admin/training/generate-triad-test?trainingCourse=${value}`);
      expect(answer.statusCode, value).toBe(400);
    }
    expect((await call(admin, '/admin/training/generate-triad-test')).statusCode).toBe(400);
    const foreignCall = await call(admin, `/admin/training/generate-triad-test?trainingCourse=${foreign.courseId}`);
    expect(foreignCall.statusCode).toBe(404);
    expect(foreignCall.json().message).toBe('Formation introuvable');
    expect((await call(admin, '/admin/training/generate-triad-test?trainingCourse=2147483647')).statusCode).toBe(404);
    const foreignTriads = await test.app.ctx.db.select().from(triads).where(eq(triads.trainingCourseId, foreign.courseId));
    expect(foreignTriads).toEqual([]);
  });

  it('generates a test training with a course of the school year, its modules and two test triads of fresh test accounts', async () => {
    const { db } = test.app.ctx;
    const answer = await call(admin, '/admin/training/generate-training-test');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.hasError).toBe(false);
    const trainingId = body.responses[0].object.id as number;
    const [training] = await db.select().from(trainings).where(eq(trainings.id, trainingId));
    expect(training).toMatchObject({ platformId: await platformId(), title: 'Formation de test 1', code: 'TEST-1' });
    expect(body.message).toBe('La formation de test « Formation de test 1 » a été créée avec un parcours et deux trinômes de test');

    const courses = await db.select().from(trainingCourses).where(eq(trainingCourses.trainingId, trainingId));
    const year = schoolYearOf(new Date());
    expect(courses).toHaveLength(1);
    expect(courses[0]).toMatchObject({ startYear: year.start, endYear: year.end, archived: false });
    expect(courses[0]!.displayName).toBe(`Formation de test 1 ${year.start}-${year.end}`);
    const modules = await db.select().from(trainingCourseModules).where(eq(trainingCourseModules.trainingCourseId, courses[0]!.id));
    expect(modules.length).toBeGreaterThan(0);
    // A test course is there to be tried: every module of the catalogue is switched on for it.
    expect(modules.every((module) => module.enabled)).toBe(true);

    const created = await db.select().from(triads).where(eq(triads.trainingCourseId, courses[0]!.id));
    expect(created).toHaveLength(2);
    expect(created.every((triad) => triad.isTest && triad.active && triad.crewId !== null)).toBe(true);
    const memberIds = created.flatMap((triad) => [triad.apprenticeId!, triad.tutorId!, triad.apprenticeMasterId!]);
    const people = await db.select().from(users).where(inArray(users.id, memberIds));
    expect(people).toHaveLength(6);
    expect(people.every((person) => person.email.endsWith('@lea.invalid') && person.passwordHash === null)).toBe(true);
    const onPlatform = await db.select().from(userPlatforms).where(inArray(userPlatforms.userId, memberIds));
    expect(onPlatform.every((row) => row.platformId === training!.platformId)).toBe(true);

    const [line] = await db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'training.generate-test'), eq(historyLog.entityId, trainingId)));
    expect(line).toMatchObject({ entity: 'training', details: { trainingCourseId: courses[0]!.id } });
    expect((line!.details as { triadIds: number[] }).triadIds.sort()).toEqual(created.map((triad) => triad.id).sort());

    // The next one takes the next number; in English, English words.
    const second = (await call(admin, '/admin/training/generate-training-test', 'en')).json();
    expect(second.hasError).toBe(false);
    const [next] = await db.select().from(trainings).where(eq(trainings.id, second.responses[0].object.id));
    expect(next!.title).toBe('Test training 1');
    const third = (await call(admin, '/admin/training/generate-training-test')).json();
    const [again] = await db.select().from(trainings).where(eq(trainings.id, third.responses[0].object.id));
    expect(again!.title).toBe('Formation de test 2');
  });

  it('answers a field error when the platform has no institution, writing nothing', async () => {
    const { db } = test.app.ctx;
    const [empty] = await db.insert(platforms).values({ hostname: 'vide.example.com', name: 'CFA Vide' }).returning();
    const [user] = await db
      .insert(users)
      .values({
        username: 'admin-vide',
        email: 'admin-vide@example.com',
        firstName: 'Admin',
        lastName: 'Vide',
        type: 'lea_user',
        roles: ['ROLE_LEA_ADMIN', 'ROLE_LEA_USER'],
      })
      .returning();
    await db.insert(userPlatforms).values({ userId: user!.id, platformId: empty!.id });
    const token = await tokenFor(test.app, 'admin-vide', 'vide.example.com');
    const answer = await call(token, '/admin/training/generate-training-test', 'fr', 'vide.example.com');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      hasError: true,
      responses: [
        { validationErrors: [{ field: 'institutionId', message: "Créez d'abord un établissement : une formation de test en a besoin" }] },
      ],
    });
    expect(await db.select().from(trainings).where(eq(trainings.platformId, empty!.id))).toEqual([]);
    const english = (await call(token, '/admin/training/generate-training-test', 'en', 'vide.example.com')).json();
    expect(english.responses[0].validationErrors[0].message).toBe('Create an institution first: a test training needs one');
    // Its courses: none, and none of the other platform's.
    expect((await call(token, '/admin/training/course-choices', 'fr', 'vide.example.com')).json()).toEqual([]);
  });

  it('adds a test triad to a chosen course of the platform, in its first crew', async () => {
    const { db } = test.app.ctx;
    const choices = (await call(admin, '/admin/training/course-choices')).json() as { value: string; label: string }[];
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.some((choice) => Number(choice.value) === foreign.courseId)).toBe(false);
    const target = choices.find((choice) => choice.label.includes('BTS SIO 2025-2027'))!;
    expect(target).toBeDefined();
    const courseId = Number(target.value);
    const [firstCrew] = await db
      .select()
      .from(crews)
      .where(eq(crews.trainingCourseId, courseId))
      .orderBy(crews.position, crews.id)
      .limit(1);
    const answer = await call(admin, `/admin/training/generate-triad-test?trainingCourse=${courseId}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ hasError: false, message: 'Un trinôme de test a été ajouté au parcours « BTS SIO 2025-2027 »' });
    const [triad] = await db.select().from(triads).where(eq(triads.id, body.responses[0].object.id));
    expect(triad).toMatchObject({ trainingCourseId: courseId, isTest: true, crewId: firstCrew!.id });
    const [line] = await db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'triad.generate-test'), eq(historyLog.entityId, triad!.id)));
    expect(line).toMatchObject({ entity: 'triad', details: { trainingCourseId: courseId } });
  });

  it('exports one row per triad member of the platform, matching the data, in the caller’s language', async () => {
    const { db } = test.app.ctx;
    const platform = await platformId();
    // A member of another platform's triad never shows.
    const [stranger] = await db
      .insert(users)
      .values({ username: 'etranger-inscrit', email: 'etranger-inscrit@example.com', firstName: 'Étranger', lastName: 'Inscrit' })
      .returning();
    await db.insert(triads).values({ trainingCourseId: foreign.courseId, apprenticeId: stranger!.id });
    // The latest contract of a test triad gives the contract dates.
    const [testTraining] = await db
      .select()
      .from(trainings)
      .where(and(eq(trainings.platformId, platform), eq(trainings.title, 'Formation de test 1')));
    const [testCourse] = await db.select().from(trainingCourses).where(eq(trainingCourses.trainingId, testTraining!.id));
    const testTriads = await db.select().from(triads).where(eq(triads.trainingCourseId, testCourse!.id)).orderBy(triads.id);
    await db.insert(contracts).values([
      { triadId: testTriads[0]!.id, startDate: '2024-09-01', endDate: '2025-08-31' },
      { triadId: testTriads[0]!.id, startDate: '2025-09-01', endDate: '2026-08-31' },
    ]);

    const answer = await call(admin, '/admin/training/export-registrations');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="lea-inscriptions-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await sheetRows(answer.rawPayload);
    expect(rows[0]).toEqual([
      'Formation',
      'Parcours',
      'Années',
      'Groupe',
      'Trinôme',
      'Profil',
      'Nom',
      'Prénom',
      'E-mail',
      'Actif',
      'Test',
      'Début du contrat',
      'Fin du contrat',
    ]);
    const data = rows.slice(1);
    // As many rows as filled member places of the platform's triads.
    const [expected] = await db
      .select({
        total: sql<number>`sum((${triads.apprenticeId} is not null)::int + (${triads.tutorId} is not null)::int
          + (${triads.tutor2Id} is not null)::int + (${triads.apprenticeMasterId} is not null)::int
          + (${triads.apprenticeMaster2Id} is not null)::int)`.mapWith(Number),
      })
      .from(triads)
      .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainings.platformId, platform));
    expect(data).toHaveLength(expected!.total);
    expect(data.some((row) => row[8] === 'etranger-inscrit@example.com')).toBe(false);

    const titles = (await platformProfileTitles(db, platform)).fr;
    const first = testTriads[0]!;
    const mine = data.filter((row) => row[4] === String(first.id));
    const people = await db
      .select()
      .from(users)
      .where(inArray(users.id, [first.apprenticeId!, first.tutorId!, first.apprenticeMasterId!]));
    const byId = new Map(people.map((person) => [person.id, person]));
    const [crew] = await db.select().from(crews).where(eq(crews.id, first.crewId!));
    const year = `${testCourse!.startYear}–${testCourse!.endYear}`;
    expect(mine).toEqual(
      (
        [
          [titles[1].title, first.apprenticeId!],
          [titles[2].title, first.tutorId!],
          [titles[3].title, first.apprenticeMasterId!],
        ] as const
      ).map(([title, id]) => [
        'Formation de test 1',
        testCourse!.displayName,
        year,
        crew!.name,
        String(first.id),
        title,
        byId.get(id)!.lastName,
        byId.get(id)!.firstName,
        byId.get(id)!.email,
        'oui',
        'oui',
        '2025-09-01',
        '2026-08-31',
      ]),
    );
    // A demo triad (not a test one) says so.
    const demoRows = data.filter((row) => row[1] === 'BTS SIO 2025-2027' && row[10] === 'non');
    expect(demoRows.length).toBeGreaterThan(0);

    const english = await sheetRows((await call(admin, '/admin/training/export-registrations', 'en')).rawPayload);
    expect(english[0]!.slice(0, 3)).toEqual(['Training', 'Course', 'Years']);
    expect(english.slice(1).find((row) => row[4] === String(first.id))![9]).toBe('yes');
  });

  it('describes the trainings list page actions to the web app, in the request language', async () => {
    for (const [locale, labels] of [
      ['fr', ['Ajouter une formation de test', 'Générer des trinômes de test', 'Exporter les inscriptions']],
      ['en', ['Add a test training', 'Generate test triads', 'Export registrations']],
    ] as const) {
      const { entities } = (await call(admin, '/admin/generic/entities', locale)).json() as {
        entities: {
          alias: string;
          pageActions: { label: string; kind: string; path: string; confirm: string | null; choice: unknown }[];
        }[];
      };
      const training = entities.find((entity) => entity.alias === 'training')!;
      expect(training.pageActions.map((action) => action.label)).toEqual(labels);
      expect(training.pageActions.map((action) => [action.kind, action.path])).toEqual([
        ['call', 'training/generate-training-test'],
        ['call', 'training/generate-triad-test'],
        ['download', 'training/export-registrations'],
      ]);
      expect(training.pageActions[0]!.confirm).toBeTruthy();
      expect(training.pageActions[1]!.choice).toMatchObject({ query: 'trainingCourse', path: 'training/course-choices' });
      expect(entities.find((entity) => entity.alias === 'institution')!.pageActions).toEqual([]);
    }
  });

  it('gives the administrator their own profile and the manager profiles of the user form', async () => {
    const answer = await call(admin, '/admin/user/user-profile', 'en');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const [me] = await test.app.ctx.db.select().from(users).where(eq(users.username, 'admin'));
    expect(body.user).toMatchObject({
      id: me!.id,
      username: 'admin',
      email: me!.email,
      fullName: `${me!.firstName} ${me!.lastName}`,
      role: 'admin',
      isAdmin: true,
      isUser: false,
      isLeaManager: false,
      locale: 'en',
    });
    expect(body.platform.id).toBe(await platformId());
    expect(Array.isArray(body.managerProfiles)).toBe(true);
    // The default profile first, when there is one.
    const defaults = body.managerProfiles.filter((profile: { isDefault: boolean }) => profile.isDefault);
    if (defaults.length > 0) expect(body.managerProfiles[0].isDefault).toBe(true);
    expect(body.user).not.toHaveProperty('passwordHash');
  });
});
