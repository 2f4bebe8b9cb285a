import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { messages, questionnaires } from '../db/schema/index.js';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { E2E_DIGEST_PATH, E2E_SEED_PATH, type SeededPerson } from './seed-routes.js';

const TOKEN = 'e2e-seed-token-for-this-test-only-0123456789';

type SeedAnswer = {
  tag: string;
  password: string;
  courseIds: number[];
  people: Record<string, SeededPerson>;
  triadIds: Record<string, number>;
};

describe('the e2e seeding route', () => {
  it('is off unless LEA_E2E_SEED_TOKEN is set, and refuses a short token', () => {
    expect(loadConfig({ JWT_SECRET: 'a-test-secret-of-enough-length-0123456789' }).e2eSeedToken).toBeNull();
    expect(loadConfig({ JWT_SECRET: 'a-test-secret-of-enough-length-0123456789', LEA_E2E_SEED_TOKEN: '' }).e2eSeedToken).toBeNull();
    expect(() => loadConfig({ JWT_SECRET: 'a-test-secret-of-enough-length-0123456789', LEA_E2E_SEED_TOKEN: 'short' })).toThrow(
      /LEA_E2E_SEED_TOKEN/,
    );
  });

  it('does not exist in an app built without the token', async () => {
    // No demo data: the route's absence does not depend on it, and seeding is the slow part.
    const { app, close } = await createTestApp({ seed: false });
    try {
      const response = await app.inject({ method: 'POST', url: E2E_SEED_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await close();
    }
  });

  describe('with the token', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({ env: { LEA_E2E_SEED_TOKEN: TOKEN } });
    });
    afterAll(() => testApp.close());

    const seed = (authorization?: string) =>
      testApp.app.inject({ method: 'POST', url: E2E_SEED_PATH, headers: authorization === undefined ? {} : { authorization } });

    it('refuses a caller without the token', async () => {
      expect((await seed()).statusCode).toBe(401);
      expect((await seed(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    });

    it('seeds a course of its own each time, whose people sign in and see only it', async () => {
      const first = (await seed(`Bearer ${TOKEN}`)).json<SeedAnswer>();
      const second = (await seed(`Bearer ${TOKEN}`)).json<SeedAnswer>();
      expect(first.tag).not.toBe(second.tag);
      expect(first.courseIds.some((id) => second.courseIds.includes(id))).toBe(false);
      const apprentice = first.people.apprenti!;
      expect(apprentice).toMatchObject({
        username: `apprenti-${first.tag}`,
        email: `lucas.martin.${first.tag}@example.com`,
        firstName: 'Lucas',
        lastName: 'Martin',
      });

      const login = await testApp.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: first.people.manager!.username, password: first.password },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ token: string }>().token;
      const list = await testApp.app.inject({
        method: 'GET',
        url: '/api/fr/app/training/list',
        headers: { authorization: `Bearer ${token}` },
      });
      const courses = list.json<{ trainingCourses: { id: number; displayName: string }[] }>().trainingCourses;
      expect(courses.map((course) => course.id)).toEqual([first.courseIds[0]]);
      expect(courses[0]?.displayName).toBe('BTS SIO 2025-2027');
      const triads = await testApp.app.inject({
        method: 'GET',
        url: `/api/fr/app/triad/list/${first.courseIds[0]}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const apprentices = triads.json<{ triads: { apprentice: { id: number } | null }[] }>().triads.map((triad) => triad.apprentice?.id);
      expect(apprentices).toContain(apprentice.id);
      expect(
        triads
          .json<{ triads: { id: number; apprentice: { id: number } | null }[] }>()
          .triads.find((triad) => triad.apprentice?.id === apprentice.id)?.id,
      ).toBe(first.triadIds.apprenti);
      expect(apprentices).not.toContain(second.people.apprenti!.id);
    });

    it('ends the windows of the questionnaires a journey names, in its copy only, and refuses a bad body', async () => {
      const answer = await testApp.app.inject({
        method: 'POST',
        url: E2E_SEED_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { closedWindows: ['Accueil en entreprise'] },
      });
      const seeded = answer.json<SeedAnswer>();
      const rows = await testApp.app.ctx.db
        .select({ title: questionnaires.title, courseId: questionnaires.trainingCourseId, accessDates: questionnaires.accessDates })
        .from(questionnaires)
        .where(and(inArray(questionnaires.title, ['Accueil en entreprise', "Entretien d'intégration"])));
      const today = new Date().toISOString().slice(0, 10);
      for (const row of rows) {
        const ended = (row.accessDates.all?.endDate ?? '9999') < today;
        expect(ended, `${row.title} of course ${row.courseId}`).toBe(
          row.title === 'Accueil en entreprise' && seeded.courseIds.includes(row.courseId ?? 0),
        );
      }
      const bad = await testApp.app.inject({
        method: 'POST',
        url: E2E_SEED_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { closedWindows: 'Accueil en entreprise' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('runs the weekly digest for the given people only, for the bearer of the token', async () => {
      const seeded = (
        await testApp.app.inject({ method: 'POST', url: E2E_SEED_PATH, headers: { authorization: `Bearer ${TOKEN}` }, payload: {} })
      ).json<SeedAnswer>();
      const run = (authorization: string, payload: unknown) =>
        testApp.app.inject({ method: 'POST', url: E2E_DIGEST_PATH, headers: { authorization }, payload: payload as object });
      const ids = [seeded.people.apprenti!.id, seeded.people.dirigeant!.id];
      expect((await run('Bearer wrong-token', { userIds: ids })).statusCode).toBe(401);
      for (const bad of [{}, { userIds: [] }, { userIds: ['1'] }, { userIds: [2_147_483_648] }]) {
        expect((await run(`Bearer ${TOKEN}`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      const answer = await run(`Bearer ${TOKEN}`, { userIds: ids });
      expect(answer.statusCode, answer.body).toBe(200);
      // The apprentice has questionnaires to do; the company manager has nothing.
      expect(answer.json()).toMatchObject({ mailed: 1, nothing: 1 });
      expect((await run(`Bearer ${TOKEN}`, { userIds: ids })).json()).toMatchObject({ mailed: 0, nothing: 0 });
    });

    it('writes the demo’s conversations in the copy only when asked', async () => {
      const seed = async (payload: object) =>
        (
          await testApp.app.inject({ method: 'POST', url: E2E_SEED_PATH, headers: { authorization: `Bearer ${TOKEN}` }, payload })
        ).json<SeedAnswer>();
      const countIn = async (courseId: number) =>
        (await testApp.app.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.trainingCourseId, courseId))).length;
      const plain = await seed({});
      const withMessages = await seed({ messages: true });
      expect(await countIn(plain.courseIds[0]!)).toBe(0);
      expect(await countIn(withMessages.courseIds[0]!)).toBe(3);
      const bad = await testApp.app.inject({
        method: 'POST',
        url: E2E_SEED_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { messages: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
