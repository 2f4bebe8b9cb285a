import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_STATUS, TrainingCourseIndicators } from '@lea/shared';
import {
  crews,
  questionnaireCrews,
  questionnaires,
  questionnaireTriads,
  replies,
  trainingCourseManagers,
  trainingCourses,
  trainings,
  triads,
  triadUsers,
  users,
} from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAs, tokenFor } from '../../test/auth.js';

/**
 * A course of its own beside the demo: three active triads (T1 in crew A with a second tutor and a
 * parent, T2 in crew B without a master, T3 without crew or tutor), an inactive one, and an
 * archived course. Questionnaires: Q1 signed by apprentice and tutor, for everyone (5 signatures
 * expected: T3 has no tutor); Q2 signed by master and manager, crew A only (2); Q3 signed by the
 * apprentice, T3 only (1); Q4 inactive. Signed: Q1 by T1's apprentice and T2's tutor, Q2 by T1's
 * manager (3 of 8); a draft and the inactive questionnaire's signature do not count.
 */
async function seedCourse(test: TestApp) {
  const { db } = test.app.ctx;
  const [training] = await db.select({ id: trainings.id }).from(trainings);
  const people = await db
    .insert(users)
    .values(
      ['chef', 'a1', 'a2', 'a3', 'a4', 'a5', 't1', 't2', 'm1', 'parent1', 'nobody'].map((username) => ({
        username: `ind-${username}`,
        email: `ind-${username}@example.com`,
        firstName: username,
        lastName: 'Indicateur',
      })),
    )
    .returning({ id: users.id, username: users.username });
  const id = (name: string) => people.find((person) => person.username === `ind-${name}`)!.id;
  const [course, archived] = await db
    .insert(trainingCourses)
    .values([
      { trainingId: training!.id, displayName: 'Indicateurs 2026' },
      { trainingId: training!.id, displayName: 'Indicateurs 2020', archived: true },
    ])
    .returning({ id: trainingCourses.id });
  await db.insert(trainingCourseManagers).values([
    { trainingCourseId: course!.id, userId: id('chef') },
    { trainingCourseId: archived!.id, userId: id('chef') },
  ]);
  const [crewA, crewB] = await db
    .insert(crews)
    .values([
      { trainingCourseId: course!.id, name: 'A' },
      { trainingCourseId: course!.id, name: 'B' },
    ])
    .returning({ id: crews.id });
  const [t1, t2, t3] = await db
    .insert(triads)
    .values([
      {
        trainingCourseId: course!.id,
        crewId: crewA!.id,
        apprenticeId: id('a1'),
        tutorId: id('t1'),
        tutor2Id: id('t2'),
        apprenticeMasterId: id('m1'),
      },
      { trainingCourseId: course!.id, crewId: crewB!.id, apprenticeId: id('a2'), tutorId: id('t1') },
      { trainingCourseId: course!.id, apprenticeId: id('a3'), apprenticeMasterId: id('m1') },
      { trainingCourseId: course!.id, apprenticeId: id('a4'), tutorId: id('t1'), active: false },
      { trainingCourseId: archived!.id, apprenticeId: id('a5') },
    ])
    .returning({ id: triads.id });
  await db.insert(triadUsers).values({ triadId: t1!.id, userId: id('parent1'), userType: 1 });
  const [q1, q2, q3, q4] = await db
    .insert(questionnaires)
    .values([
      { trainingCourseId: course!.id, title: 'Q1', signedBy: [1, 2] },
      { trainingCourseId: course!.id, title: 'Q2', signedBy: [3, 4] },
      { trainingCourseId: course!.id, title: 'Q3', signedBy: [1] },
      { trainingCourseId: course!.id, title: 'Q4', signedBy: [1], active: false },
    ])
    .returning({ id: questionnaires.id });
  await db.insert(questionnaireCrews).values({ questionnaireId: q2!.id, crewId: crewA!.id });
  await db.insert(questionnaireTriads).values({ questionnaireId: q3!.id, triadId: t3!.id });
  const { signed, draft } = REPLY_STATUS;
  await db.insert(replies).values([
    { questionnaireId: q1!.id, triadId: t1!.id, profile: 1, status: signed },
    { questionnaireId: q1!.id, triadId: t2!.id, profile: 2, status: signed },
    { questionnaireId: q1!.id, triadId: t3!.id, profile: 1, status: draft },
    { questionnaireId: q2!.id, triadId: t1!.id, profile: 4, status: signed },
    { questionnaireId: q2!.id, triadId: t2!.id, profile: 3, status: signed },
    { questionnaireId: q4!.id, triadId: t1!.id, profile: 1, status: signed },
  ]);
  return { courseId: course!.id, archivedId: archived!.id };
}

describe('GET /app/training-course/indicators[/{trainingCourse}]', () => {
  let test: TestApp;
  let courseId = 0;
  let archivedId = 0;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    ({ courseId, archivedId } = await seedCourse(test));
    for (const username of ['ind-chef', 'ind-t1', 'ind-nobody', 'apprenti', 'admin']) tokens[username] = await tokenFor(test.app, username);
  });
  afterAll(async () => {
    await test.close();
  });

  const figures = async (path: string, username: string) => {
    const response = await getAs(test.app, `/api/fr/app/training-course/indicators${path}`, tokens[username]);
    expect(response.statusCode).toBe(200);
    return TrainingCourseIndicators.parse(response.json());
  };

  const wholeCourse = { triads: 3, users: 7, apprentices: 3, tutors: 2, masters: 1, expectedSignatures: 8, signedReplies: 3, fillRate: 38 };

  it('gives a manager the whole course, counted from live data', async () => {
    expect(await figures(`/${courseId}`, 'ind-chef')).toEqual(wholeCourse);
  });

  it('gives a triad member the figures of their own active triads only', async () => {
    // T1 and T2 (T4 is inactive): a1, a2, t1, t2, m1 and the parent; Q1 ×2 + Q2 ×2 on T1, Q1 ×2 on T2.
    const own = { triads: 2, users: 6, apprentices: 2, tutors: 2, masters: 1, expectedSignatures: 6, signedReplies: 3, fillRate: 50 };
    expect(await figures(`/${courseId}`, 'ind-t1')).toEqual(own);
    expect(await figures('', 'ind-t1')).toEqual(own);
  });

  it("sums the caller's active courses on the course list, archived ones apart", async () => {
    expect(await figures('', 'ind-chef')).toEqual(wholeCourse);
    expect(await figures(`/${archivedId}`, 'ind-chef')).toMatchObject({
      triads: 1,
      users: 1,
      apprentices: 1,
      expectedSignatures: 0,
      fillRate: null,
    });
  });

  it('has nothing to count for a user without courses', async () => {
    expect(await figures('', 'ind-nobody')).toEqual({
      triads: 0,
      users: 0,
      apprentices: 0,
      tutors: 0,
      masters: 0,
      expectedSignatures: 0,
      signedReplies: 0,
      fillRate: null,
    });
  });

  it('lets an administrator see any course of the platform', async () => {
    expect(await figures(`/${courseId}`, 'admin')).toEqual(wholeCourse);
  });

  it('refuses a course the caller neither manages nor belongs to (403)', async () => {
    const response = await getAs(test.app, `/api/fr/app/training-course/indicators/${courseId}`, tokens.apprenti);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403 });
  });

  it("answers 404 for an unknown course and for another platform's", async () => {
    const { db } = test.app.ctx;
    const foreign = await createForeignCourse(db, 'ind.example.com');
    for (const id of [2_000_000_000, foreign.courseId]) {
      const response = await getAs(test.app, `/api/en/app/training-course/indicators/${id}`, tokens.admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: 'Training course not found' });
    }
  });

  it('answers 400 to an id that is not an int4 id, and 401 without a token', async () => {
    for (const bad of ['abc', '0', '-1', '2147483648', '1.5']) {
      const response = await getAs(test.app, `/api/fr/app/training-course/indicators/${bad}`, tokens['ind-chef']);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await getAs(test.app, '/api/fr/app/training-course/indicators')).statusCode).toBe(401);
  });
});
