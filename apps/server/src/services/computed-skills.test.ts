import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillDashboardResponse } from '@lea/shared';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import {
  answers,
  fieldSkills,
  questionnaires,
  questions,
  replies,
  skillAnswers,
  skillReplies,
  skills,
  trainingCourses,
  trainings,
  users,
} from '../db/schema/index.js';
import { sheetOf } from '../features/questionnaire/dashboard-test-helpers.js';
import { dashboardLevel, loadBoard } from '../features/questionnaire/skill-dashboard.js';
import { createSkillFixture, skillsOf, type SkillFixture } from '../features/skill/skill-test-fixture.js';
import { computedLevels, computeLevel } from './computed-skills.js';

/**
 * A skill computed from questionnaire fields: the manager's skill dashboard (and its xlsx) shows,
 * per triad and profile, the level of the value the triad's skill grid computes, in a number of
 * queries that does not grow with the triads.
 */
describe('computed skills on the grid and the skill dashboard', () => {
  let f: SkillFixture;
  let skill: { id: number; name: string };
  const PROFILE_KEYS = { 1: 'apprenticeReply', 2: 'tutorReply', 3: 'apprenticeMasterReply', 4: 'leaManagerReply' } as const;

  const dashboard = async (query = '', locale = 'fr') => {
    const response = await f.test.app.inject({
      method: 'GET',
      url: `/api/${locale}/app/lea-manager/${f.courseId}/skill-dashboard${query}`,
      headers: { host: 'localhost', authorization: `Bearer ${f.tokens.manager}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return SkillDashboardResponse.parse(response.json());
  };
  const cellsOf = (body: SkillDashboardResponse) =>
    body.categories.flatMap((category) => category.skills).find((entry) => entry.skillId === skill.id)!.dashboardData[String(f.triadId)]!;

  beforeAll(async () => {
    f = await createSkillFixture();
    // The first skill the open session's dashboard shows, made to require level 3 of 4.
    const first = (await dashboard(`?session=${f.open}`)).categories[0]!.skills[0]!;
    skill = { id: first.skillId, name: first.skillName };
    await f.db.update(skills).set({ requiredValue: 3 }).where(eq(skills.id, skill.id));
    // Two fields of a questionnaire of the course compute it, with coefficients 1 and 3.
    const [questionnaire] = await f.db
      .insert(questionnaires)
      .values({ trainingCourseId: f.courseId, title: 'Calcul des compétences zq' })
      .returning({ id: questionnaires.id });
    const [q1, q2] = await f.db
      .insert(questions)
      .values([
        { questionnaireId: questionnaire!.id, itemType: 'field', title: 'Note A', index: 1 },
        { questionnaireId: questionnaire!.id, itemType: 'field', title: 'Note B', index: 2 },
      ])
      .returning({ id: questions.id });
    await f.db.insert(fieldSkills).values([
      { questionId: q1!.id, skillId: skill.id, coefficient: 1 },
      { questionId: q2!.id, skillId: skill.id, coefficient: 3 },
    ]);
    // Apprentice: (4 × 1 + 1 × 3) / 4 = 1.75 → 2 (in progress); tutor: a value "3" and a mark 3 → 3 (acquired); master: nothing.
    const reply = async (profile: number, rows: { questionId: number; mark: number | null; value: unknown }[]) => {
      const [row] = await f.db
        .insert(replies)
        .values({ questionnaireId: questionnaire!.id, triadId: f.triadId, profile })
        .returning({ id: replies.id });
      await f.db.insert(answers).values(rows.map((answer) => ({ ...answer, replyId: row!.id })));
    };
    await reply(1, [
      { questionId: q1!.id, mark: 4, value: null },
      { questionId: q2!.id, mark: 1, value: null },
    ]);
    await reply(2, [
      { questionId: q1!.id, mark: null, value: '3' },
      { questionId: q2!.id, mark: 3, value: 'texte' },
    ]);
    // A stored rating of the now computed skill (left from before the link): the grid ignores it, so must the dashboard.
    const [stored] = await f.db
      .select({ id: skillReplies.id })
      .from(skillReplies)
      .where(and(eq(skillReplies.triadId, f.triadId), eq(skillReplies.skillSessionId, f.open), eq(skillReplies.profile, 1)));
    expect(stored).toBeDefined();
    await f.db
      .insert(skillAnswers)
      .values({ skillReplyId: stored!.id, skillId: skill.id, value: 4 })
      .onConflictDoUpdate({ target: [skillAnswers.skillReplyId, skillAnswers.skillId], set: { value: 4 } });
  });
  afterAll(async () => {
    await f.test.close();
  });

  it('computes one level per triad, skill and profile with the one weighted mean', () => {
    const rows = [
      { triadId: 1, skillId: 7, profile: 1, coefficient: 1, mark: 4, value: null },
      { triadId: 1, skillId: 7, profile: 1, coefficient: 3, mark: 1, value: null },
      { triadId: 2, skillId: 7, profile: 1, coefficient: 1, mark: null, value: 3 },
      { triadId: 2, skillId: 7, profile: 2, coefficient: 2, mark: null, value: 'pas un nombre' },
    ];
    const level = computedLevels(rows, 4);
    expect(level(1, 7, 1)).toBe(computeLevel(rows.slice(0, 2), 4));
    expect(level(1, 7, 1)).toBe(2);
    expect(level(2, 7, 1)).toBe(3);
    expect(level(2, 7, 2)).toBe(0);
    expect(level(3, 7, 1)).toBe(0);
    expect(computeLevel([{ coefficient: 1, mark: 9, value: null }], 4)).toBe(4);
  });

  it('shows on the dashboard, for each profile, the level of the value the triad’s grid computes', async () => {
    const grid = skillsOf(await f.list('tuteur'), f.open).find((entry) => entry.id === skill.id)!;
    expect(grid.computed).toBe(true);
    expect(grid.answers['1']?.value).toBe(2);
    expect(grid.answers['2']?.value).toBe(3);
    for (const session of [f.open, f.closed]) {
      const body = await dashboard(`?session=${session}`);
      if (!body.categories.some((category) => category.skills.some((entry) => entry.skillId === skill.id))) continue;
      const cells = cellsOf(body);
      for (const [profile, key] of Object.entries(PROFILE_KEYS)) {
        const value = grid.answers[profile]?.value ?? 0;
        expect(cells[key], `${session} ${key}`).toBe(dashboardLevel(value, 3, body.maxSkillLevel));
      }
      expect(cells).toEqual({ apprenticeReply: 2, tutorReply: 1, apprenticeMasterReply: null, leaManagerReply: null });
    }
  });

  it('writes the same levels in the xlsx export', async () => {
    const response = await f.test.app.inject({
      method: 'GET',
      url: `/api/en/app/lea-manager/${f.courseId}/skill-dashboard/export?session=${f.open}&triads=${f.triadId}`,
      headers: { host: 'localhost', authorization: `Bearer ${f.tokens.manager}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [headers, row] = (await sheetOf(response.json())).rows;
    const cell = (title: string) => row![headers!.indexOf(`${skill.name} – ${title}`)];
    expect(cell('Apprentice')).toBe('In progress');
    expect(cell('Pedagogic tutor')).toBe('Acquired');
    expect(cell('Apprenticeship master') ?? null).toBeNull();
  });

  it('reads the computed inputs of all the triads in one query: as many queries for one triad as for all', async () => {
    let queries = 0;
    const logger = { logQuery: () => void (queries += 1) };
    const client = (f.db as unknown as { $client: unknown }).$client;
    const counting = (f.test.engine === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
    const [manager] = await f.db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    const [course] = await f.db
      .select({ platformId: trainings.platformId })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainingCourses.id, f.courseId));
    const caller = { userId: manager!.id, platformId: course!.platformId, admin: false };
    const count = async (filter: Parameters<typeof loadBoard>[3]) => {
      queries = 0;
      const board = await loadBoard(counting, caller, f.courseId, filter);
      return { queries, triads: board.triads.length, board };
    };
    await count({ session: f.open });
    const one = await count({ session: f.open, triads: [f.triadId] });
    const all = await count({ session: f.open });
    expect(one.triads).toBe(1);
    expect(all.triads).toBeGreaterThan(1);
    expect(all.queries).toBe(one.queries);
    const level = all.board.categories.flatMap((category) => category.skills).find((entry) => entry.skillId === skill.id)!.dashboardData[
      String(f.triadId)
    ]!;
    expect(level.apprenticeReply).toBe(2);
    // Nobody rates it: the reminder leaves it out.
    expect(all.board.computedSkillIds).toEqual(new Set([skill.id]));
  });
});
