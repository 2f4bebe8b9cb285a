import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrainingListResponse } from '@lea/shared';
import { trainingCourseManagers, trainingCourses, trainings, users } from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAs, tokenFor, userIdOf } from '../../test/auth.js';

describe('GET /app/training/list', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti5', 'apprenti6', 'tuteur', 'parent', 'dirigeant']) {
      tokens[username] = await tokenFor(test.app, username);
    }
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async (username: string, query = '', locale = 'fr') => {
    const response = await getAs(test.app, `/api/${locale}/app/training/list${query}`, tokens[username]);
    expect(response.statusCode).toBe(200);
    return TrainingListResponse.parse(response.json());
  };
  const summary = (result: TrainingListResponse) =>
    result.trainingCourses.map((course) => ({ name: course.displayName, nbTriad: course.nbTriad, manager: course.isLeaManager }));

  it('answers 401 without a token', async () => {
    const response = await getAs(test.app, '/api/fr/app/training/list');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: 'JWT Token not found' });
  });

  it.each(['fr', 'en'])('gives an apprentice the active course of their triad (%s)', async (locale) => {
    const result = await list('apprenti', '?archive=1&length=20&page=0', locale);
    expect(result.count).toBe(1);
    expect(summary(result)).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 1, manager: false }]);
    const [course] = result.trainingCourses;
    expect(course?.archive).toBe(false);
    expect(course?.menu.map((entry) => entry.code)).toContain('MODULE_LEA_QUESTIONNAIRE');
  });

  it('defaults to the active courses', async () => {
    expect(summary(await list('apprenti'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 1, manager: false }]);
  });

  it('switches to archived courses with archive=2', async () => {
    expect(await list('apprenti', '?archive=2')).toEqual({ trainingCourses: [], count: 0 });
    expect(summary(await list('apprenti6', '?archive=2'))).toEqual([{ name: 'BTS SIO 2023-2025', nbTriad: 1, manager: false }]);
    expect(summary(await list('tuteur', '?archive=2'))).toEqual([{ name: 'BTS SIO 2023-2025', nbTriad: 1, manager: false }]);
  });

  it('counts the triads each caller sees', async () => {
    expect(summary(await list('tuteur'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 2, manager: false }]);
    expect(summary(await list('manager'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 4, manager: true }]);
    expect(summary(await list('manager', '?archive=2'))).toEqual([{ name: 'BTS SIO 2023-2025', nbTriad: 1, manager: true }]);
    expect(summary(await list('admin'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 4, manager: false }]);
  });

  it('lists courses for secondary users, company managers and members of inactive triads', async () => {
    expect(summary(await list('parent'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 1, manager: false }]);
    expect(summary(await list('dirigeant'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 1, manager: false }]);
    expect(summary(await list('apprenti5'))).toEqual([{ name: 'BTS SIO 2025-2027', nbTriad: 0, manager: false }]);
  });

  it('searches the display name from 2 characters, case-insensitively and literally', async () => {
    expect((await list('manager', '?search=sio%202025')).count).toBe(1);
    expect((await list('manager', '?search=zz')).count).toBe(0);
    expect((await list('manager', '?search=z')).count).toBe(1);
    expect((await list('manager', `?search=${encodeURIComponent('%%')}`)).count).toBe(0);
    expect((await list('manager', '?search=__')).count).toBe(0);
  });

  it('rejects an invalid archive value with 400', async () => {
    const response = await getAs(test.app, '/api/fr/app/training/list?archive=3', tokens.manager);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400 });
  });

  it('shows nothing to a user without any relation, and pages in the database', async () => {
    const { db } = test.app.ctx;
    const [stranger] = await db
      .insert(users)
      .values({ username: 'inconnu', email: 'paul.henry@example.com', firstName: 'Paul', lastName: 'Henry' })
      .returning({ id: users.id });
    expect(stranger).toBeDefined();
    expect(await list('manager')).toMatchObject({ count: 1 });
    tokens.inconnu = await tokenFor(test.app, 'inconnu');
    expect(await list('inconnu')).toEqual({ trainingCourses: [], count: 0 });

    const [training] = await db.select({ id: trainings.id }).from(trainings);
    const managerId = await userIdOf(test.app, 'manager');
    const extra = await db
      .insert(trainingCourses)
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          trainingId: training?.id ?? 0,
          displayName: `Licence pro ${String(index).padStart(2, '0')}`,
          startYear: 2020,
        })),
      )
      .returning({ id: trainingCourses.id });
    await db.insert(trainingCourseManagers).values(extra.map((course) => ({ trainingCourseId: course.id, userId: managerId })));

    const first = await list('manager', '?length=20&page=0');
    expect(first.count).toBe(26);
    expect(first.trainingCourses).toHaveLength(20);
    expect(first.trainingCourses[0]?.displayName).toBe('BTS SIO 2025-2027');
    const second = await list('manager', '?length=20&page=1');
    expect(second.trainingCourses.map((course) => course.displayName)).toEqual(
      ['19', '20', '21', '22', '23', '24'].map((n) => `Licence pro ${n}`),
    );
    expect((await list('manager', '?search=licence&length=5&page=4')).trainingCourses).toHaveLength(5);
    expect((await list('admin', '?length=100')).count).toBe(26);
    expect((await list('apprenti')).count).toBe(1);
  });

  it('never lists the courses of another platform, even to an administrator', async () => {
    const { db } = test.app.ctx;
    const { courseId } = await createForeignCourse(db, 'autre.example.com', 'CAP Cuisine 2025');
    await db.insert(trainingCourseManagers).values({ trainingCourseId: courseId, userId: await userIdOf(test.app, 'manager') });
    const names = (await list('admin', '?length=100&search=cap')).trainingCourses.map((c) => c.displayName);
    expect(names).toEqual([]);
    expect((await list('manager', '?search=cuisine')).count).toBe(0);
    // A token of the first platform is not valid on the other one.
    const crossed = await getAs(test.app, '/api/fr/app/training/list', tokens.manager, 'autre.example.com');
    expect(crossed.statusCode).toBe(401);
  });
});
