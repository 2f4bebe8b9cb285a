import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwitchTokens, TokenPair, User } from '@lea/shared';
import { historyLog, institutions, platforms, trainingCourses, trainings, triads, userPlatforms, users } from '../../db/schema/index.js';
import { verifyAccessToken } from '../../http/jwt.js';
import { getAs, tokenFor, userIdOf } from '../../test/auth.js';
import { loginAs } from '../../test/login.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ALREADY_IMPERSONATING } from './service.js';

const ADMIN_SWITCH = '/api/fr/app/user/switch';
const MANAGER_SWITCH = '/api/fr/app/user/lea-manager/switch';

describe('impersonation', () => {
  let test: TestApp;
  const id: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  /** An apprentice of a course the demo manager does not manage, and a member of another platform. */
  let outsiderId = 0;
  let foreignId = 0;

  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.app.ctx;
    for (const username of ['admin', 'manager', 'apprenti', 'tuteur', 'tuteur2', 'maitre', 'parent', 'dirigeant']) {
      id[username] = await userIdOf(test.app, username);
      tokens[username] = await tokenFor(test.app, username);
    }
    const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    const platformId = platform?.id ?? 0;
    const [outsider] = await db
      .insert(users)
      .values({ username: 'apprenti-autre', email: 'autre@example.com', firstName: 'Paul', lastName: 'Autre' })
      .returning({ id: users.id });
    outsiderId = outsider?.id ?? 0;
    await db.insert(userPlatforms).values({ userId: outsiderId, platformId });
    const [institution] = await db.insert(institutions).values({ platformId, name: 'Autre site' }).returning();
    const [training] = await db
      .insert(trainings)
      .values({ platformId, institutionId: institution?.id ?? 0, title: 'CAP Cuisine' })
      .returning();
    const [course] = await db
      .insert(trainingCourses)
      .values({ trainingId: training?.id ?? 0, displayName: 'CAP Cuisine 2025' })
      .returning();
    await db.insert(triads).values({ trainingCourseId: course?.id ?? 0, apprenticeId: outsiderId, tutorId: id.tuteur });

    const [other] = await db.insert(platforms).values({ hostname: 'autre.example.com', name: 'CFA Autre' }).returning();
    const [foreign] = await db
      .insert(users)
      .values({ username: 'ailleurs', email: 'ailleurs@example.com', firstName: 'Zoé', lastName: 'Ailleurs' })
      .returning({ id: users.id });
    foreignId = foreign?.id ?? 0;
    await db.insert(userPlatforms).values({ userId: foreignId, platformId: other?.id ?? 0 });
  });
  afterAll(async () => {
    await test.close();
  });

  const switchAs = (path: string, targetId: number, token?: string) => getAs(test.app, `${path}/${targetId}`, token);
  const me = async (token: string) => {
    const response = await getAs(test.app, '/api/fr/app/user/me', token);
    expect(response.statusCode).toBe(200);
    return User.parse(response.json());
  };
  const switchLogs = (targetId: number) =>
    test.app.ctx.db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.action, 'user.switch'), eq(historyLog.userId, targetId)));

  it('answers 401 without a token', async () => {
    expect((await switchAs(ADMIN_SWITCH, 1)).statusCode).toBe(401);
    expect((await switchAs(MANAGER_SWITCH, 1)).statusCode).toBe(401);
  });

  it('lets an administrator act as the apprentice; the impersonator survives a refresh and the switch is logged', async () => {
    const admin = await loginAs(test.app, 'admin');
    const response = await test.app.inject({
      method: 'GET',
      url: `${ADMIN_SWITCH}/${id.apprenti}`,
      headers: { authorization: `Bearer ${admin.token}`, 'user-agent': 'vitest-agent' },
    });
    expect(response.statusCode).toBe(200);
    const pair = SwitchTokens.parse(response.json());
    const claims = verifyAccessToken(pair.token, test.app.ctx.config.jwtSecret);
    expect(claims.ok && claims.claims).toMatchObject({ sub: String(id.apprenti), username: 'apprenti', impersonator: id.admin });

    expect(await me(pair.token)).toMatchObject({
      username: 'apprenti',
      fullName: 'Lucas Martin',
      impersonator: { id: id.admin, fullName: 'Claire Morel' },
    });

    const refreshed = await test.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: pair.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const rotated = TokenPair.parse(refreshed.json());
    expect(await me(rotated.token)).toMatchObject({ username: 'apprenti', impersonator: { id: id.admin } });

    // The administrator's own session is untouched.
    expect((await me(admin.token)).impersonator).toBeNull();

    const logs = await switchLogs(id.apprenti ?? 0);
    expect(logs).toEqual([
      expect.objectContaining({
        userId: id.apprenti,
        impersonatorId: id.admin,
        entity: 'user',
        entityId: id.apprenti,
        details: { via: 'admin' },
        userAgent: 'vitest-agent',
      }),
    ]);
    expect(logs[0]?.ip).toBeTruthy();
  });

  it('lets an administrator act as anyone of the platform except themselves and other administrators', async () => {
    expect((await switchAs(ADMIN_SWITCH, id.dirigeant ?? 0, tokens.admin)).statusCode).toBe(200);
    expect((await switchAs(ADMIN_SWITCH, outsiderId, tokens.admin)).statusCode).toBe(200);
    expect((await switchAs(ADMIN_SWITCH, id.admin ?? 0, tokens.admin)).statusCode).toBe(403);
    const [otherAdmin] = await test.app.ctx.db
      .insert(users)
      .values({
        username: 'admin2',
        email: 'admin2@example.com',
        firstName: 'Alain',
        lastName: 'Admin',
        roles: ['ROLE_LEA_ADMIN', 'ROLE_LEA_USER'],
      })
      .returning({ id: users.id });
    const [platform] = await test.app.ctx.db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
    await test.app.ctx.db.insert(userPlatforms).values({ userId: otherAdmin?.id ?? 0, platformId: platform?.id ?? 0 });
    expect((await switchAs(ADMIN_SWITCH, otherAdmin?.id ?? 0, tokens.admin)).statusCode).toBe(403);
  });

  it('keeps the administrators’ switch for administrators', async () => {
    const response = await switchAs(ADMIN_SWITCH, id.apprenti ?? 0, tokens.manager);
    expect(response.statusCode).toBe(403);
    expect((await switchAs(ADMIN_SWITCH, id.tuteur ?? 0, tokens.apprenti)).statusCode).toBe(403);
  });

  it('lets a course manager act as the apprentice, tutors, masters and secondary users of the triads of the courses they manage', async () => {
    const response = await switchAs(MANAGER_SWITCH, id.apprenti ?? 0, tokens.manager);
    expect(response.statusCode).toBe(200);
    const pair = SwitchTokens.parse(response.json());
    expect(await me(pair.token)).toMatchObject({ username: 'apprenti', impersonator: { id: id.manager, fullName: 'Sophie Laurent' } });
    for (const username of ['tuteur2', 'maitre', 'parent']) {
      expect((await switchAs(MANAGER_SWITCH, id[username] ?? 0, tokens.manager)).statusCode, username).toBe(200);
    }
    const logs = await switchLogs(id.apprenti ?? 0);
    expect(logs.some((log) => log.impersonatorId === id.manager && (log.details as { via?: string }).via === 'manager')).toBe(true);
  });

  it('refuses a course manager anyone else: administrators, company managers, members of other courses, and members of theirs who also belong to another', async () => {
    expect((await switchAs(MANAGER_SWITCH, id.admin ?? 0, tokens.manager)).statusCode).toBe(403);
    expect((await switchAs(MANAGER_SWITCH, id.dirigeant ?? 0, tokens.manager)).statusCode).toBe(403);
    expect((await switchAs(MANAGER_SWITCH, outsiderId, tokens.manager)).statusCode).toBe(403);
    // The demo tutor also tutors the outsider in a course this manager does not run (services/manager-reach.ts).
    expect((await switchAs(MANAGER_SWITCH, id.tuteur ?? 0, tokens.manager)).statusCode).toBe(403);
    expect((await switchAs(MANAGER_SWITCH, id.manager ?? 0, tokens.manager)).statusCode).toBe(403);
    expect(await switchLogs(outsiderId)).toHaveLength(1);
  });

  it('refuses triad members who manage nothing', async () => {
    expect((await switchAs(MANAGER_SWITCH, id.tuteur ?? 0, tokens.apprenti)).statusCode).toBe(403);
    expect((await switchAs(MANAGER_SWITCH, id.apprenti ?? 0, tokens.tuteur)).statusCode).toBe(403);
  });

  it('refuses a switch from a switched session', async () => {
    const first = SwitchTokens.parse((await switchAs(ADMIN_SWITCH, id.tuteur ?? 0, tokens.admin)).json());
    for (const path of [ADMIN_SWITCH, MANAGER_SWITCH]) {
      const response = await switchAs(path, id.apprenti ?? 0, first.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 403, message: ALREADY_IMPERSONATING });
    }
  });

  it('answers 404 for an unknown user or a user of another platform, 400 for a bad id', async () => {
    expect((await switchAs(ADMIN_SWITCH, 999_999, tokens.admin)).statusCode).toBe(404);
    expect((await switchAs(ADMIN_SWITCH, foreignId, tokens.admin)).statusCode).toBe(404);
    expect((await switchAs(MANAGER_SWITCH, foreignId, tokens.manager)).statusCode).toBe(404);
    expect((await getAs(test.app, `${ADMIN_SWITCH}/abc`, tokens.admin)).statusCode).toBe(400);
    expect(await switchLogs(foreignId)).toHaveLength(0);
  });
});
