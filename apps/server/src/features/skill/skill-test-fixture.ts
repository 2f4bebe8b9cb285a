import { and, eq } from 'drizzle-orm';
import { SkillListResponse } from '@lea/shared';
import { skillSessions, triads, users } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

export type SkillFixture = Awaited<ReturnType<typeof createSkillFixture>>;

/** The demo course, its demo triad (apprenti, tuteur, maitre), its two sessions (closed, open), and callers. */
export async function createSkillFixture() {
  const test: TestApp = await createTestApp();
  const { db } = test.app.ctx;
  const tokens: Record<string, string> = {};
  for (const username of ['admin', 'manager', 'apprenti', 'apprenti2', 'tuteur', 'maitre'])
    tokens[username] = await tokenFor(test.app, username);
  const [triad] = await db
    .select({ id: triads.id, courseId: triads.trainingCourseId })
    .from(triads)
    .innerJoin(users, eq(users.id, triads.apprenticeId))
    .where(eq(users.username, 'apprenti'));
  const courseId = triad!.courseId;
  const triadId = triad!.id;
  const sessionId = async (name: string) =>
    (
      await db
        .select({ id: skillSessions.id })
        .from(skillSessions)
        .where(and(eq(skillSessions.trainingCourseId, courseId), eq(skillSessions.name, name)))
    )[0]!.id;
  const closed = await sessionId('Semestre 1');
  const open = await sessionId('Semestre 2');
  const call = (username: string | undefined, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/skill/${courseId}/${triadId}${path}`,
      headers: { host: 'localhost', ...(username ? { authorization: `Bearer ${tokens[username]}` } : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const list = async (username: string) => {
    const response = await call(username, 'GET', '/list');
    if (response.statusCode !== 200) throw new Error(`list ${response.statusCode} ${response.body}`);
    return SkillListResponse.parse(response.json());
  };
  return { test, db, tokens, courseId, triadId, closed, open, call, list };
}

/** Every skill of a session's trees, depth first. */
export function skillsOf(list: SkillListResponse, sessionId: number) {
  const session = list.skillSessions.find((entry) => entry.id === sessionId);
  type Category = SkillListResponse['skillSessions'][number]['skillCategories'][number];
  const walk = (categories: Category[]): Category['skills'] =>
    categories.flatMap((category) => [...category.skills, ...walk(category.daughters)]);
  return walk(session?.skillCategories ?? []);
}
