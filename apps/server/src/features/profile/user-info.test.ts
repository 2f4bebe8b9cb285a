import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User, UserSummary } from '@lea/shared';
import { platforms, trainingCourseManagers, userPlatforms, users } from '../../db/schema/index.js';
import { createOtherCourse } from '../../generic/test-helpers.js';
import { getAs, tokenFor, userIdOf } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * GET /app/user/info/{id}: the whole profile to the person, the managers of their courses and the
 * administrators of the platform; name, photo and role to the people who share a triad with them;
 * 404 to anyone else, as for an unknown id or a person of another platform.
 */
describe('who reads a profile', () => {
  let test: TestApp;
  const id: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let foreignId = 0;

  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.app.ctx;
    for (const username of ['admin', 'manager', 'apprenti', 'apprenti2', 'tuteur', 'parent', 'dirigeant']) {
      id[username] = await userIdOf(test.app, username);
      tokens[username] = await tokenFor(test.app, username);
    }
    tokens.otherManager = (await createOtherCourse(test.app)).managerToken;
    const [other] = await db.insert(platforms).values({ hostname: 'autre.example.com', name: 'CFA Autre' }).returning();
    const [foreign] = await db
      .insert(users)
      .values({ username: 'ailleurs', email: 'ailleurs@example.com', firstName: 'Zoé', lastName: 'Ailleurs' })
      .returning();
    foreignId = foreign!.id;
    await db.insert(userPlatforms).values({ userId: foreignId, platformId: other!.id });
  });
  afterAll(async () => {
    await test.close();
  });

  const info = (targetId: number, token: string) => getAs(test.app, `/api/fr/app/user/info/${targetId}`, token);

  it('answers the whole profile to the person, the managers of their course and the administrators', async () => {
    for (const reader of ['apprenti', 'manager', 'admin']) {
      const response = await info(id.apprenti!, tokens[reader]!);
      expect(response.statusCode, reader).toBe(200);
      expect(User.parse(response.json()), reader).toMatchObject({
        id: id.apprenti,
        email: 'lucas.martin@example.com',
        parentFirstName: 'Catherine',
      });
    }
  });

  it('answers name, photo and role only to the people who share a triad', async () => {
    for (const reader of ['tuteur', 'parent', 'dirigeant']) {
      const response = await info(id.apprenti!, tokens[reader]!);
      expect(response.statusCode, reader).toBe(200);
      const body = response.json();
      expect(UserSummary.strict().parse(body), reader).toEqual({
        summary: true,
        id: id.apprenti,
        firstName: 'Lucas',
        lastName: 'Martin',
        fullName: 'Lucas Martin',
        photo: null,
        type: 'apprentice',
      });
    }
    expect(UserSummary.parse((await info(id.tuteur!, tokens.apprenti!)).json())).toMatchObject({
      fullName: 'Julien Bernard',
      type: 'tutor',
    });
  });

  it('answers 404 to anyone else, for an unknown id and for a person of another platform', async () => {
    expect((await info(id.apprenti!, tokens.apprenti2!)).statusCode).toBe(404);
    expect((await info(id.apprenti!, tokens.otherManager!)).statusCode).toBe(404);
    expect((await info(id.manager!, tokens.apprenti!)).statusCode).toBe(404);
    expect((await info(id.admin!, tokens.manager!)).statusCode).toBe(404);
    for (const reader of ['manager', 'admin']) {
      expect((await info(2147483000, tokens[reader]!)).statusCode, reader).toBe(404);
      expect((await info(foreignId, tokens[reader]!)).statusCode, reader).toBe(404);
    }
  });

  it('answers 400 to an id that is not one (text, zero, beyond int4) and 401 without a token', async () => {
    for (const bad of ['abc', '0', '-1', '2147483648']) {
      const response = await getAs(test.app, `/api/fr/app/user/info/${bad}`, tokens.admin!);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await getAs(test.app, `/api/fr/app/user/info/${id.apprenti!}`)).statusCode).toBe(401);
  });

  it('follows the courses a manager runs, not the role', async () => {
    const { db } = test.app.ctx;
    await db.delete(trainingCourseManagers).where(eq(trainingCourseManagers.userId, id.manager!));
    expect((await info(id.apprenti!, tokens.manager!)).statusCode).toBe(404);
  });
});
