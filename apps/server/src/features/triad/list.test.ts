import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TriadListResponse } from '@lea/shared';
import { trainingCourses, trainings, triads, users } from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAs, tokenFor, userIdOf } from '../../test/auth.js';

describe('GET /app/triad/list/{trainingCourse}', () => {
  let test: TestApp;
  let activeCourse = 0;
  let archivedCourse = 0;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti6', 'tuteur', 'parent', 'maitre']) {
      tokens[username] = await tokenFor(test.app, username);
    }
    const courses = await test.app.ctx.db.select().from(trainingCourses);
    activeCourse = courses.find((course) => !course.archived)?.id ?? 0;
    archivedCourse = courses.find((course) => course.archived)?.id ?? 0;
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async (username: string, courseId: number, query = '', locale = 'fr') => {
    const response = await getAs(test.app, `/api/${locale}/app/triad/list/${courseId}${query}`, tokens[username]);
    expect(response.statusCode).toBe(200);
    return TriadListResponse.parse(response.json());
  };
  const apprentices = (result: TriadListResponse) => result.triads.map((triad) => triad.apprentice?.fullName);

  it('answers 401 without a token', async () => {
    const response = await getAs(test.app, `/api/fr/app/triad/list/${activeCourse}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401 });
  });

  it.each(['fr', 'en'])('gives a manager every active triad, ordered by apprentice name (%s)', async (locale) => {
    const result = await list('manager', activeCourse, '?archive=1', locale);
    expect(result.count).toBe(4);
    expect(apprentices(result)).toEqual(['Hugo Durand', 'Lucas Martin', 'Léa Moreau', 'Emma Petit']);
    const martin = result.triads[1];
    expect(martin).toMatchObject({
      active: true,
      tutor: { fullName: 'Julien Bernard' },
      apprenticeMaster: { fullName: 'Nathalie Dubois' },
      crew: { name: 'Promotion 2025 - groupe A' },
    });
  });

  it('lists the inactive triads with archive=2', async () => {
    const result = await list('manager', activeCourse, '?archive=2');
    expect(result.count).toBe(1);
    expect(apprentices(result)).toEqual(['Chloé Lefebvre']);
    expect(result.triads[0]?.active).toBe(false);
  });

  it('gives members their own triads only', async () => {
    expect(apprentices(await list('apprenti', activeCourse))).toEqual(['Lucas Martin']);
    expect(apprentices(await list('tuteur', activeCourse))).toEqual(['Lucas Martin', 'Emma Petit']);
    expect(apprentices(await list('maitre', activeCourse))).toEqual(['Hugo Durand', 'Lucas Martin']);
    expect(apprentices(await list('parent', activeCourse))).toEqual(['Lucas Martin']);
    expect(apprentices(await list('tuteur', archivedCourse))).toEqual(['Thomas Roux']);
  });

  it('gives administrators every triad', async () => {
    expect((await list('admin', activeCourse)).count).toBe(4);
    expect((await list('admin', archivedCourse)).count).toBe(1);
  });

  it('answers 403 to a user with no relation to the course', async () => {
    const response = await getAs(test.app, `/api/fr/app/triad/list/${activeCourse}`, tokens.apprenti6);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, message: expect.any(String) });
  });

  it('answers 404 for an unknown course and for a course of another platform', async () => {
    const unknown = await getAs(test.app, '/api/en/app/triad/list/987654', tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
    const { db } = test.app.ctx;
    const { courseId } = await createForeignCourse(db, 'autre.example.com');
    await db.insert(triads).values({ trainingCourseId: courseId, apprenticeId: await userIdOf(test.app, 'apprenti') });
    const foreign = await getAs(test.app, `/api/fr/app/triad/list/${courseId}`, tokens.admin);
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400 for a non-numeric course id', async () => {
    expect((await getAs(test.app, '/api/fr/app/triad/list/abc', tokens.manager)).statusCode).toBe(400);
  });

  it('searches the apprentice first and last name from 2 characters', async () => {
    expect(apprentices(await list('manager', activeCourse, '?search=MAR'))).toEqual(['Lucas Martin']);
    expect(apprentices(await list('manager', activeCourse, '?search=lucas%20martin'))).toEqual(['Lucas Martin']);
    expect(apprentices(await list('manager', activeCourse, '?search=emma'))).toEqual(['Emma Petit']);
    expect((await list('manager', activeCourse, '?search=r')).count).toBe(4);
    expect((await list('manager', activeCourse, '?search=bernard')).count).toBe(0);
    expect((await list('tuteur', activeCourse, '?search=hugo')).count).toBe(0);
  });

  it('pages in the database', async () => {
    const page = await list('manager', activeCourse, '?length=2&page=1');
    expect(page.count).toBe(4);
    expect(apprentices(page)).toEqual(['Léa Moreau', 'Emma Petit']);
    expect((await list('manager', activeCourse, '?length=2&page=2')).triads).toEqual([]);
  });

  it('stays correct on a course of 1,000 triads', async () => {
    const { db } = test.app.ctx;
    const [training] = await db
      .select({ id: trainings.id })
      .from(trainings)
      .where(eq(trainings.title, 'BTS Services informatiques aux organisations'));
    const [big] = await db
      .insert(trainingCourses)
      .values({ trainingId: training?.id ?? 0, displayName: 'Grande promotion' })
      .returning();
    const bigId = big?.id ?? 0;
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          username: `bulk${i}`,
          email: `bulk${i}@example.com`,
          firstName: `Prenom${i}`,
          lastName: `Nom${String(i).padStart(4, '0')}`,
        })),
      )
      .returning({ id: users.id });
    const tutorId = await userIdOf(test.app, 'tuteur');
    await db
      .insert(triads)
      .values(people.map((person, i) => ({ trainingCourseId: bigId, apprenticeId: person.id, tutorId: i % 2 === 0 ? tutorId : null })));
    await db.insert(triads).values({ trainingCourseId: bigId, apprenticeId: await userIdOf(test.app, 'apprenti6') });
    tokens.apprenti6 = await tokenFor(test.app, 'apprenti6');

    const page = await list('admin', bigId, '?length=50&page=3');
    expect(page.count).toBe(1001);
    expect(page.triads).toHaveLength(50);
    expect(page.triads[0]?.apprentice?.lastName).toBe('Nom0150');
    const mine = await list('tuteur', bigId, '?length=200&page=2');
    expect(mine.count).toBe(500);
    expect(mine.triads).toHaveLength(100);
    expect((await list('tuteur', bigId, '?search=nom099')).count).toBe(5);
    expect(apprentices(await list('apprenti6', bigId))).toEqual(['Thomas Roux']);
  });

  it('follows a renamed apprentice and a replaced one in its order and its search (names kept by triggers)', async () => {
    const { db } = test.app.ctx;
    const hugo = await userIdOf(test.app, 'apprenti3');
    const before = apprentices(await list('manager', activeCourse, '?archive=1'));
    expect(before[0]).toBe('Hugo Durand');
    // Renamed by any path: the list's order and its search see the new name at once.
    await db.update(users).set({ lastName: 'Zola' }).where(eq(users.id, hugo));
    const renamed = await list('manager', activeCourse, '?archive=1');
    expect(apprentices(renamed).at(-1)).toBe('Hugo Zola');
    expect(apprentices(await list('manager', activeCourse, '?archive=1&search=zola'))).toEqual(['Hugo Zola']);
    expect((await list('manager', activeCourse, '?archive=1&search=durand')).count).toBe(0);
    // Another apprentice in the triad: its place follows the new person.
    const [triad] = await db.select({ id: triads.id }).from(triads).where(eq(triads.apprenticeId, hugo));
    const [aaron] = await db
      .insert(users)
      .values({ username: 'aaron-ordre', email: 'aaron-ordre@example.com', firstName: 'Aaron', lastName: 'Abel' })
      .returning({ id: users.id });
    await db.update(triads).set({ apprenticeId: aaron!.id }).where(eq(triads.id, triad!.id));
    expect(apprentices(await list('manager', activeCourse, '?archive=1'))[0]).toBe('Aaron Abel');
    await db.update(triads).set({ apprenticeId: hugo }).where(eq(triads.id, triad!.id));
    await db.update(users).set({ lastName: 'Durand' }).where(eq(users.id, hugo));
    expect(apprentices(await list('manager', activeCourse, '?archive=1'))).toEqual(before);
  });
});
