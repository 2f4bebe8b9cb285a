import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratedQuestionnaireResponse, QuestionnaireSaveResponse } from '@lea/shared';
import {
  answers,
  fieldSkills,
  historyLog,
  questions,
  replies,
  skillSessions,
  trainingCourseManagers,
  trainingCourses,
  userPlatforms,
  users,
} from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createSkillFixture, skillsOf, type SkillFixture } from './skill-test-fixture.js';

/** Generate a questionnaire from a skill session (spec 3 §2.1 generate-questionnaire, §7.1 `?skillSession=`). */
describe('manager area: questionnaire generated from a skill session', () => {
  let f: SkillFixture;
  const inject = (who: string | undefined, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, locale = 'fr') =>
    f.test.app.inject({
      method,
      url: `/api/${locale}/app/lea-manager/${f.courseId}${path}`,
      headers: { host: 'localhost', ...(who ? { authorization: `Bearer ${f.tokens[who]}` } : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const linkCount = async () => (await f.db.select({ total: count() }).from(fieldSkills))[0]!.total;
  beforeAll(async () => {
    f = await createSkillFixture();
    // A manager of another course of the same platform.
    const { db } = f;
    const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    const [platform] = await db.select({ id: userPlatforms.platformId }).from(userPlatforms).where(eq(userPlatforms.userId, manager!.id));
    const [course] = await db
      .select({ trainingId: trainingCourses.trainingId })
      .from(trainingCourses)
      .where(eq(trainingCourses.id, f.courseId));
    const [other] = await db
      .insert(trainingCourses)
      .values({ trainingId: course!.trainingId, displayName: 'Autre formation' })
      .returning({ id: trainingCourses.id });
    const [user] = await db
      .insert(users)
      .values({
        username: 'gestionnaire2',
        email: 'gestionnaire2@example.com',
        firstName: 'Autre',
        lastName: 'Gestionnaire',
        type: 'lea_manager',
      })
      .returning({ id: users.id });
    await db.insert(userPlatforms).values({ userId: user!.id, platformId: platform!.id });
    await db.insert(trainingCourseManagers).values({ trainingCourseId: other!.id, userId: user!.id });
    f.tokens.gestionnaire2 = await tokenFor(f.test.app, 'gestionnaire2');
  });
  afterAll(async () => {
    await f.test.close();
  });

  it('generates one title block per category and one rating field per skill of the session', async () => {
    const response = await inject('manager', 'GET', `/skill/generate-questionnaire/${f.open}`);
    expect(response.statusCode).toBe(200);
    const generated = GeneratedQuestionnaireResponse.parse(response.json());
    expect(generated.session).toMatchObject({ id: f.open, name: 'Semestre 2' });
    expect(generated.sessions.map((s) => [s.id, s.current])).toEqual([
      [f.closed, false],
      [f.open, true],
    ]);
    const body = generated.questionnaire;
    expect(body.title).toBe('Compétences – Semestre 2');
    expect(body.category).not.toBeNull();
    expect(body.accessDates.all).not.toBeNull();
    const fields = body.questions.filter((item) => item.itemType === 'field');
    const expected = skillsOf(await f.list('manager'), f.open).map((skill) => skill.id);
    expect(fields.map((field) => field.fieldSkills?.[0]?.skill.id)).toEqual(expected);
    expect(fields[0]).toMatchObject({
      type: 3,
      access: [1, 2, 3],
      valueList: [
        { value: 'Non acquis', mark: 1 },
        { value: 'En cours d’acquisition', mark: 2 },
        { value: 'Acquis', mark: 3 },
        { value: 'Expert', mark: 4 },
      ],
    });
    expect(body.questions.filter((item) => item.itemType === 'title').length).toBeGreaterThan(1);
    // Without an id: the current session; in English, the English labels.
    const current = await inject('manager', 'GET', '/skill/generate-questionnaire', undefined, 'en');
    expect(current.json().session.id).toBe(f.open);
    expect(current.json().questionnaire.title).toBe('Skills – Semestre 2');
    expect(current.json().questionnaire.questions[1].valueList[0].value).toBe('Not acquired');
  });

  it('answers 401, 403 to anyone but a manager of the course, 404 for another course’s session, 400 on bad ids', async () => {
    expect((await inject(undefined, 'GET', `/skill/generate-questionnaire/${f.open}`)).statusCode).toBe(401);
    for (const who of ['apprenti', 'tuteur', 'gestionnaire2']) {
      expect((await inject(who, 'GET', `/skill/generate-questionnaire/${f.open}`)).statusCode, who).toBe(403);
    }
    expect((await inject('admin', 'GET', `/skill/generate-questionnaire/${f.open}`)).statusCode).toBe(200);
    const foreign = await createForeignCourse(f.db, 'generate-skill.example.org');
    const [session] = await f.db
      .insert(skillSessions)
      .values({ trainingCourseId: foreign.courseId, name: 'Ailleurs', startDate: '2000-01-01', endDate: '2999-01-01' })
      .returning({ id: skillSessions.id });
    expect((await inject('manager', 'GET', `/skill/generate-questionnaire/${session!.id}`)).statusCode).toBe(404);
    expect((await inject('manager', 'GET', '/skill/generate-questionnaire/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '99999999999', '1.5']) {
      expect((await inject('manager', 'GET', `/skill/generate-questionnaire/${bad}`)).statusCode, bad).toBe(400);
    }
    expect(
      (
        await f.test.app.inject({
          method: 'GET',
          url: `/api/fr/app/lea-manager/${foreign.courseId}/skill/generate-questionnaire/${session!.id}`,
          headers: { host: 'localhost', authorization: `Bearer ${f.tokens.manager}` },
        })
      ).statusCode,
    ).toBe(404);

    // The save's query: a foreign session is 404, a bad id 400, a skill outside the session a field error; nothing written.
    const body = GeneratedQuestionnaireResponse.parse(
      (await inject('manager', 'GET', `/skill/generate-questionnaire/${f.open}`)).json(),
    ).questionnaire;
    const links = await linkCount();
    expect((await inject('manager', 'POST', `/questionnaire?skillSession=${session!.id}`, body)).statusCode).toBe(404);
    expect((await inject('manager', 'POST', '/questionnaire?skillSession=abc', body)).statusCode).toBe(400);
    expect((await inject('manager', 'POST', '/questionnaire?skillSession=99999999999', body)).statusCode).toBe(400);
    expect((await inject('apprenti', 'POST', `/questionnaire?skillSession=${f.open}`, body)).statusCode).toBe(403);
    const badLink = structuredClone(body);
    badLink.questions[1]!.fieldSkills = [{ skill: { id: 0 }, coefficient: 1 }];
    expect((await inject('manager', 'POST', `/questionnaire?skillSession=${f.open}`, badLink)).statusCode).toBe(400);
    const list = await f.list('manager');
    const openIds = new Set(skillsOf(list, f.open).map((skill) => skill.id));
    const [closedOnly] = skillsOf(list, f.closed).filter((skill) => !openIds.has(skill.id));
    if (closedOnly) {
      const outside = structuredClone(body);
      outside.questions[1]!.fieldSkills = [{ skill: { id: closedOnly.id }, coefficient: 1 }];
      const refused = await inject('manager', 'POST', `/questionnaire?skillSession=${f.open}`, outside);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ hasError: true });
      expect(refused.json().responses[0].validationErrors[0].field).toBe('questions.1.fieldSkills.0.skill');
    }
    const unknown = structuredClone(body);
    unknown.questions[1]!.fieldSkills = [{ skill: { id: 999999 }, coefficient: 1 }];
    const refused = await inject('manager', 'POST', `/questionnaire?skillSession=${f.open}`, unknown);
    expect(refused.json()).toMatchObject({ hasError: true });
    expect(refused.json().responses[0].validationErrors[0]).toMatchObject({
      field: 'questions.1.fieldSkills.0.skill',
      message: 'Cette compétence n’est pas évaluée dans la session Semestre 2',
    });
    expect(await linkCount()).toBe(links);
  });

  it('saves the questionnaire with its skill links in one write; the skill then takes its value from the answers', async () => {
    const body = GeneratedQuestionnaireResponse.parse(
      (await inject('manager', 'GET', `/skill/generate-questionnaire/${f.open}`)).json(),
    ).questionnaire;
    const saved = await inject('manager', 'POST', `/questionnaire?skillSession=${f.open}`, body);
    expect(saved.statusCode).toBe(200);
    const answer = QuestionnaireSaveResponse.parse(saved.json());
    expect(answer.hasError).toBe(false);
    const questionnaireId = answer.responses[0]!.object!.id;
    const stored = await f.db
      .select({ id: questions.id, title: questions.title, skillId: fieldSkills.skillId, coefficient: fieldSkills.coefficient })
      .from(questions)
      .innerJoin(fieldSkills, eq(fieldSkills.questionId, questions.id))
      .where(eq(questions.questionnaireId, questionnaireId));
    const skills = skillsOf(await f.list('manager'), f.open);
    expect(stored.map((row) => row.skillId).sort((a, b) => a - b)).toEqual(skills.map((skill) => skill.id).sort((a, b) => a - b));
    expect(stored.every((row) => row.coefficient === 1)).toBe(true);
    const [audit] = await f.db
      .select({ details: historyLog.details })
      .from(historyLog)
      .where(and(eq(historyLog.entityId, questionnaireId), eq(historyLog.entity, 'questionnaire')));
    expect(audit?.details).toMatchObject({ skillSession: f.open, skillLinks: stored.length });

    // The tutor answers the first generated field with level 3: the skill is computed, 3 in the tutor's column.
    const first = skills[0]!;
    const question = stored.find((row) => row.skillId === first.id)!;
    const [reply] = await f.db.insert(replies).values({ questionnaireId, triadId: f.triadId, profile: 2 }).returning({ id: replies.id });
    await f.db.insert(answers).values({ replyId: reply!.id, questionId: question.id, value: 'Acquis', mark: 3 });
    const after = skillsOf(await f.list('tuteur'), f.open).find((skill) => skill.id === first.id)!;
    expect(after).toMatchObject({ computed: true, answers: { '2': { value: 3 } } });
    // A computed skill is not rated by hand any more.
    expect((await f.call('tuteur', 'POST', `/save/${f.open}`, { skills: { [first.id]: 1 } })).statusCode).toBe(403);

    // A later save without the query leaves the links as they are; removing a question removes its links.
    const model = answer.responses[0]!.object!;
    const again = await inject('manager', 'PUT', `/questionnaire/${questionnaireId}`, model);
    expect(again.json().hasError).toBe(false);
    const ids = stored.map((row) => row.id);
    expect((await f.db.select({ total: count() }).from(fieldSkills).where(inArray(fieldSkills.questionId, ids)))[0]!.total).toBe(
      stored.length,
    );
  });
});
