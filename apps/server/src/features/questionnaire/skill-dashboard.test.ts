import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormModel, SkillDashboardResponse } from '@lea/shared';
import {
  mailOutbox,
  managerProfileAssignments,
  managerProfilePermissions,
  managerProfiles,
  skillAnswers,
  skillReplies,
  skills,
  skillSessions,
  trainingCourses,
  trainings,
  triads,
  users,
} from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { recentMail } from '../../test/recent-mail.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sheetOf } from './dashboard-test-helpers.js';
import { dashboardLevel } from './skill-dashboard.js';

describe('the manager skill dashboard', () => {
  type Fixture = {
    test: TestApp;
    db: TestApp['app']['ctx']['db'];
    tokens: Record<string, string>;
    courseId: number;
    triadId: number;
    closed: number;
    open: number;
  };
  let fixture: Fixture;
  const get = (username: string | undefined, path: string, locale = 'fr', course?: number) =>
    fixture.test.app.inject({
      method: 'GET',
      url: `/api/${locale}/app/lea-manager/${course ?? fixture.courseId}/skill-dashboard${path}`,
      headers: { host: 'localhost', ...(username ? { authorization: `Bearer ${fixture.tokens[username]}` } : {}) },
    });
  const board = async (query = '') => {
    const response = await get('manager', query);
    expect(response.statusCode, response.body).toBe(200);
    return SkillDashboardResponse.parse(response.json());
  };

  beforeAll(async () => {
    // The demo course, its demo triad (apprenti, tuteur, maitre) and its two skill sessions (closed, open).
    const test = await createTestApp();
    const { db } = test.app.ctx;
    const tokens: Record<string, string> = {};
    for (const username of ['admin', 'manager', 'apprenti', 'tuteur']) tokens[username] = await tokenFor(test.app, username);
    const [triad] = await db
      .select({ id: triads.id, courseId: triads.trainingCourseId })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    const sessions = await db.select().from(skillSessions).where(eq(skillSessions.trainingCourseId, triad!.courseId));
    const sessionId = (name: string) => sessions.find((session) => session.name === name)!.id;
    fixture = {
      test,
      db,
      tokens,
      courseId: triad!.courseId,
      triadId: triad!.id,
      closed: sessionId('Semestre 1'),
      open: sessionId('Semestre 2'),
    };
  });
  afterAll(async () => {
    await fixture.test.close();
  });

  it('maps a rating against the required value: ≥ required acquired, 1 not acquired, between in progress, 0 none', () => {
    expect(dashboardLevel(0, 3, 4)).toBeNull();
    expect(dashboardLevel(3, 3, 4)).toBe(1);
    expect(dashboardLevel(4, 3, 4)).toBe(1);
    expect(dashboardLevel(2, 3, 4)).toBe(2);
    expect(dashboardLevel(1, 3, 4)).toBe(3);
    // No required value: the course's maximum; a required value above the maximum is the maximum.
    expect(dashboardLevel(3, null, 4)).toBe(2);
    expect(dashboardLevel(4, null, 4)).toBe(1);
    expect(dashboardLevel(4, 9, 4)).toBe(1);
    expect(dashboardLevel(1, 1, 4)).toBe(1);
  });

  it('shows the open session by default, one row per triad and one column per skill with the four profiles', async () => {
    const body = await board();
    expect(body.session?.id).toBe(fixture.open);
    expect(body.sessions.map((session) => session.id)).toEqual([fixture.closed, fixture.open]);
    expect(body.maxSkillLevel).toBe(4);
    expect(body.categories.length).toBeGreaterThan(0);
    const triads = body.trainingCourse.crews.flatMap((crew) => crew.triads.map((triad) => triad.id));
    expect(triads).toContain(fixture.triadId);
    const skill = body.categories[0]!.skills[0]!;
    expect(skill.skillBlocks[0]).toEqual({ skillBlockId: body.categories[0]!.id, skillBlockName: body.categories[0]!.title });
    expect(Object.keys(skill.dashboardData).sort()).toEqual(triads.map(String).sort());
    expect(Object.keys(skill.dashboardData[String(fixture.triadId)]!)).toEqual([
      'apprenticeReply',
      'tutorReply',
      'apprenticeMasterReply',
      'leaManagerReply',
    ]);
  });

  it('gives the levels of the stored ratings of the chosen session', async () => {
    const body = await board(`?session=${fixture.open}`);
    const skill = body.categories[0]!.skills[0]!;
    await fixture.db.update(skills).set({ requiredValue: 3 }).where(eq(skills.id, skill.skillId));
    const [reply] = await fixture.db
      .select({ id: skillReplies.id })
      .from(skillReplies)
      .where(and(eq(skillReplies.triadId, fixture.triadId), eq(skillReplies.skillSessionId, fixture.open), eq(skillReplies.profile, 1)));
    const rate = async (value: number) => {
      await fixture.db
        .insert(skillAnswers)
        .values({ skillReplyId: reply!.id, skillId: skill.skillId, value })
        .onConflictDoUpdate({ target: [skillAnswers.skillReplyId, skillAnswers.skillId], set: { value } });
      const next = await board(`?session=${fixture.open}`);
      const found = next.categories.flatMap((category) => category.skills).find((entry) => entry.skillId === skill.skillId)!;
      expect(found.requiredValue).toBe(3);
      return found.dashboardData[String(fixture.triadId)]!.apprenticeReply;
    };
    expect(await rate(4)).toBe(1);
    expect(await rate(3)).toBe(1);
    expect(await rate(2)).toBe(2);
    expect(await rate(1)).toBe(3);
    expect(await rate(0)).toBeNull();
    // The manager never rated here.
    expect((await board()).categories[0]!.skills[0]!.dashboardData[String(fixture.triadId)]!.leaManagerReply).toBeNull();
  });

  it('filters by triad, category, search and session', async () => {
    const all = await board();
    const byTriad = await board(`?triads=${fixture.triadId}`);
    expect(byTriad.trainingCourse.crews.flatMap((crew) => crew.triads.map((triad) => triad.id))).toEqual([fixture.triadId]);
    const category = all.categories[0]!.id;
    expect((await board(`?categories=${category}`)).categories.map((entry) => entry.id)).toEqual([category]);
    const nobody = await board('?search=zzzznobody');
    expect(nobody.trainingCourse.crews.flatMap((crew) => crew.triads)).toEqual([]);
    expect((await board(`?session=${fixture.closed}`)).session?.id).toBe(fixture.closed);
  });

  it('exports a real xlsx with one column per skill and profile holding the level word', async () => {
    const response = await get('manager', `/export?triads=${fixture.triadId}`, 'en');
    expect(response.statusCode, response.body).toBe(200);
    const sheet = await sheetOf(response.json());
    expect(sheet.name).toBe('Semestre 2');
    const [headers, ...rows] = sheet.rows;
    expect(headers!.slice(0, 2)).toEqual(['Crew', 'Apprentice']);
    expect(rows).toHaveLength(1);
    const words = new Set(rows[0]!.slice(5).filter((cell) => cell !== null && cell !== undefined));
    expect([...words].every((word) => ['Acquired', 'In progress', 'Not acquired'].includes(String(word)))).toBe(true);
    expect(words.size).toBeGreaterThan(0);
    const empty = await get('manager', '/export?search=zzzznobody');
    expect(empty.statusCode).toBe(400);
  });

  it('serves its filter form with the sessions, triads and root categories', async () => {
    const response = await get('manager', `/filter-form?session=${fixture.open}`, 'en');
    expect(response.statusCode, response.body).toBe(200);
    const form = FormModel.parse(response.json());
    expect(JSON.stringify(form)).toContain('Semestre 1');
    expect(JSON.stringify(form)).toContain('Skill session');
  });

  it('answers 401, 403 to triad members, 404 for an unknown course or session, 400 on bad input', async () => {
    for (const path of ['', '/export', '/filter-form']) {
      expect((await get(undefined, path)).statusCode).toBe(401);
      expect((await get('apprenti', path)).statusCode).toBe(403);
      expect((await get('tuteur', path)).statusCode).toBe(403);
      expect((await get('manager', path, 'fr', 987654)).statusCode).toBe(404);
    }
    expect((await get('admin', '')).statusCode).toBe(200);
    const missing = await get('manager', '?session=987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Session de compétences introuvable');
    expect((await get('manager', '/export?session=987654')).statusCode).toBe(404);
    for (const query of ['?session=abc', '?session=0', '?session=99999999999', '?triads=x', '?active=2', `?search=${'a'.repeat(101)}`])
      expect((await get('manager', query)).statusCode, query).toBe(400);
    expect((await get('manager', '/abc')).statusCode).toBe(404);
    expect(
      (
        await fixture.test.app.inject({
          method: 'GET',
          url: '/api/fr/app/lea-manager/abc/skill-dashboard',
          headers: { host: 'localhost', authorization: `Bearer ${fixture.tokens.manager}` },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('follows the manager profile: without the skills section the menu leaves it out and the calls answer 403', async () => {
    const menu = async () =>
      (
        await fixture.test.app.inject({
          method: 'GET',
          url: `/api/fr/app/lea-manager/menu/${fixture.courseId}`,
          headers: { host: 'localhost', authorization: `Bearer ${fixture.tokens.manager}` },
        })
      ).json() as { entries: { code: string }[] };
    expect((await menu()).entries.map((entry) => entry.code)).toContain('LEA_MANAGER_SKILL_DASHBOARD');
    const [course] = await fixture.db
      .select({ platformId: trainings.platformId })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(eq(trainingCourses.id, fixture.courseId));
    const [manager] = await fixture.db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    const [profile] = await fixture.db
      .insert(managerProfiles)
      .values({ platformId: course!.platformId, name: 'Sans compétences' })
      .returning({ id: managerProfiles.id });
    await fixture.db.insert(managerProfilePermissions).values([
      { profileId: profile!.id, access: 'MODULE_LEA_SKILL', level: 0 },
      { profileId: profile!.id, access: 'MODULE_LEA_QUESTIONNAIRE', level: 4 },
    ]);
    await fixture.db
      .insert(managerProfileAssignments)
      .values({ userId: manager!.id, platformId: course!.platformId, profileId: profile!.id })
      .onConflictDoUpdate({
        target: [managerProfileAssignments.userId, managerProfileAssignments.platformId],
        set: { profileId: profile!.id },
      });
    try {
      const codes = (await menu()).entries.map((entry) => entry.code);
      expect(codes).not.toContain('LEA_MANAGER_SKILL_DASHBOARD');
      expect(codes).toContain('LEA_MANAGER_DASHBOARD');
      for (const path of ['', '/export', '/filter-form']) expect((await get('manager', path)).statusCode).toBe(403);
      await fixture.db.update(managerProfilePermissions).set({ level: 1 }).where(eq(managerProfilePermissions.profileId, profile!.id));
      expect((await menu()).entries.map((entry) => entry.code)).toContain('LEA_MANAGER_SKILL_DASHBOARD');
      expect((await get('manager', '')).statusCode).toBe(200);
    } finally {
      await fixture.db.delete(managerProfiles).where(eq(managerProfiles.id, profile!.id));
    }
  });

  it('reminds by e-mail whoever still has skills to rate in the open session, names the apprentices, and refuses others', async () => {
    const post = (username: string | undefined, body: unknown, course = fixture.courseId) =>
      fixture.test.app.inject({
        method: 'POST',
        url: `/api/fr/app/lea-manager/${course}/skill-dashboard/reminder`,
        headers: { host: 'localhost', ...(username ? { authorization: `Bearer ${fixture.tokens[username]}` } : {}) },
        payload: body as object,
      });
    const reminders = () =>
      fixture.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'reminder'), eq(mailOutbox.trainingCourseId, fixture.courseId), recentMail()));
    expect((await post(undefined, {})).statusCode).toBe(401);
    expect((await post('apprenti', { session: fixture.open })).statusCode).toBe(403);
    expect((await post('tuteur', { session: fixture.open })).statusCode).toBe(403);
    expect((await post('manager', { session: 'abc' })).statusCode).toBe(400);
    expect((await post('manager', { session: 2147483647 })).statusCode).toBe(404);
    expect((await post('manager', {}, 2147483647)).statusCode).toBe(404);
    // A closed session: nothing to rate, nothing sent.
    const closed = await post('manager', { session: fixture.closed });
    expect(closed.json()).toMatchObject({ success: false, count: 0 });
    expect(await reminders()).toHaveLength(0);

    const sent = await post('manager', { session: fixture.open });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json() as { success: boolean; count: number; message: string };
    expect(answer.success).toBe(true);
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.message).toBe(`${answer.count} e-mail(s) de relance envoyé(s)`);
    const mails = await reminders();
    expect(mails).toHaveLength(answer.count);
    const [apprentice] = await fixture.db.select().from(users).where(eq(users.username, 'apprenti'));
    const toApprentice = mails.find((mail) => mail.toAddress === apprentice!.email);
    expect(toApprentice?.subject).toContain('des compétences attendent votre évaluation');
    expect(toApprentice?.text).toContain('Semestre 2');
    expect(toApprentice?.text).toContain(`${apprentice!.firstName} ${apprentice!.lastName}`);
  });
});
