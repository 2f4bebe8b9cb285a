import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { FormModel, FormPayload } from '@lea/shared';
import { crews, platforms, trainingCourseManagers, trainingCourses, trainings, userPlatforms, users } from '../db/schema/index.js';
import { tokenFor } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The demo's active course (managed by `manager`). */
export async function demoCourseId(app: FastifyInstance): Promise<number> {
  const [row] = await app.ctx.db
    .select({ id: trainingCourses.id })
    .from(trainingCourses)
    .where(eq(trainingCourses.displayName, 'BTS SIO 2025-2027'));
  if (!row) throw new Error('demo course missing');
  return row.id;
}

/** A second course of the demo platform with its own manager and one crew: the "other course" of the access tests. */
export async function createOtherCourse(app: FastifyInstance, name = 'other') {
  const { db } = app.ctx;
  const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, 'localhost'));
  const [training] = await db.select().from(trainings).where(eq(trainings.platformId, platform!.id)).limit(1);
  const [course] = await db
    .insert(trainingCourses)
    .values({ trainingId: training!.id, displayName: `Autre formation ${name}` })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      username: `manager-${name}`,
      email: `manager-${name}@example.com`,
      firstName: 'Autre',
      lastName: 'Responsable',
      type: 'lea_manager',
    })
    .returning();
  await db.insert(userPlatforms).values({ userId: user!.id, platformId: platform!.id });
  await db.insert(trainingCourseManagers).values({ trainingCourseId: course!.id, userId: user!.id });
  const [crew] = await db
    .insert(crews)
    .values({ trainingCourseId: course!.id, name: `Groupe ${name}`, position: 0 })
    .returning();
  return { courseId: course!.id, crewId: crew!.id, managerToken: await tokenFor(app, user!.username) };
}

export async function crewIdByName(app: FastifyInstance, courseId: number, name: string): Promise<number> {
  const [row] = await app.ctx.db
    .select({ id: crews.id })
    .from(crews)
    .where(and(eq(crews.trainingCourseId, courseId), eq(crews.name, name)));
  if (!row) throw new Error(`crew ${name} missing`);
  return row.id;
}

/** A client of the manager area for one token: `call('GET', '/crew/list')` → /api/{locale}/app/lea-manager/{course}/crew/list. */
export function managerClient(app: FastifyInstance, courseId: number, token: string | null, locale: 'fr' | 'en' = 'fr') {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/${locale}/app/lea-manager/${courseId}${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The payload the web renderer would post for a served model, with some values changed. */
export function payloadOf(model: FormModel, changes: Record<string, unknown> = {}): FormPayload {
  return model.tabs.map((tab) => ({
    code: tab.code,
    form: Object.fromEntries(tab.fields.map((field) => [field.name, field.name in changes ? changes[field.name] : (field.value ?? null)])),
  }));
}

export type ManagerCall = ReturnType<typeof managerClient>;
export type ManagerFixture = {
  test: TestApp;
  /** The demo's active course and a client of it signed in as `manager`. */
  courseId: number;
  token: string;
  call: ManagerCall;
  /** Another course of the platform with its own manager and crew. */
  other: Awaited<ReturnType<typeof createOtherCourse>>;
};

/**
 * The manager-area tests' setup, once per file: a fresh app on the demo data, its active course,
 * a manager client and another course. `env` is read when the app starts (an SMTP port).
 */
export function useManagerFixture(options: { env?: () => Record<string, string> } = {}): ManagerFixture {
  const fixture = {} as ManagerFixture;
  beforeAll(async () => {
    const test = await createTestApp(options.env ? { env: options.env() } : {});
    const courseId = await demoCourseId(test.app);
    const token = await tokenFor(test.app, 'manager');
    Object.assign(fixture, {
      test,
      courseId,
      token,
      call: managerClient(test.app, courseId, token),
      other: await createOtherCourse(test.app),
    });
  });
  afterAll(async () => {
    await fixture.test.close();
  });
  return fixture;
}
