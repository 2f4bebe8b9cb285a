import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillSaveResponse } from '@lea/shared';
import {
  fieldSkills,
  questions,
  questionnaires,
  skillAnswerHistories,
  skillAnswers,
  skillSessions,
  timelineEntries,
  triads,
} from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createSkillFixture, skillsOf, type SkillFixture } from './skill-test-fixture.js';

describe('skills: list and rating rules (spec 2 §2, §4–§5, §7)', () => {
  let f: SkillFixture;
  beforeAll(async () => {
    f = await createSkillFixture();
  });
  afterAll(async () => {
    await f.test.close();
  });

  const historyCount = async () => (await f.db.select({ total: count() }).from(skillAnswerHistories))[0]!.total;
  const answerCount = async () => (await f.db.select({ total: count() }).from(skillAnswers))[0]!.total;

  it('answers 401 without a token', async () => {
    expect((await f.call(undefined, 'GET', '/list')).statusCode).toBe(401);
  });

  it('lists the sessions, the closed one locked, with nested categories, levels, columns and the caller’s rights', async () => {
    const list = await f.list('apprenti');
    expect(list.skillSessions.map((s) => [s.name, s.open, s.currentSkillSession])).toEqual([
      ['Semestre 1', false, false],
      ['Semestre 2', true, true],
    ]);
    const [block, own] = list.skillSessions[1]!.skillCategories;
    expect(block).toMatchObject({ code: 'RNCP35340BC01', mother: null });
    expect(own!.daughters.map((d) => [d.name, d.mother])).toEqual([
      ['Savoir-faire techniques', own!.id],
      ['Savoir-être', own!.id],
    ]);
    expect(list.trainingCourse.skillLevels.map((l) => l.label)).toEqual(['Non acquis', 'En cours d’acquisition', 'Acquis', 'Expert']);
    expect(list).toMatchObject({ columns: [1, 2, 3], ratingProfiles: [1], canJustify: true, canManage: false });
    expect(list.lastSkillReply).not.toBeNull();
    // The apprentice's self-rating stays in its own column beside the tutor's and the master's.
    const first = skillsOf(list, f.closed)[0]!;
    expect(first.answers).toMatchObject({ '1': { value: 3 }, '2': { value: 2 }, '3': { value: 3 } });
    const english = await f.call('apprenti', 'GET', '/list', undefined, 'en');
    expect(english.json().trainingCourse.skillLevels[3].label).toBe('Expert');
    expect(english.json().trainingCourse.skillLevels[0].label).toBe('Not acquired');
  });

  it('gives the manager and the administrator the grid without a column to rate nor justification', async () => {
    for (const username of ['manager', 'admin']) {
      expect(await f.list(username)).toMatchObject({ ratingProfiles: [], canJustify: false, canManage: true });
    }
  });

  it('refuses another triad’s member (403), a triad under another course (404), another platform’s course (404)', async () => {
    expect((await f.call('apprenti2', 'GET', '/list')).statusCode).toBe(403);
    const foreign = await createForeignCourse(f.db, 'skills.example.org');
    const wrongCourse = await f.test.app.inject({
      method: 'GET',
      url: `/api/fr/app/skill/${foreign.courseId}/${f.triadId}/list`,
      headers: { host: 'localhost', authorization: `Bearer ${f.tokens.apprenti}` },
    });
    expect(wrongCourse.statusCode).toBe(404);
    const [foreignTriad] = await f.db.insert(triads).values({ trainingCourseId: foreign.courseId }).returning({ id: triads.id });
    const otherPlatform = await f.test.app.inject({
      method: 'GET',
      url: `/api/fr/app/skill/${foreign.courseId}/${foreignTriad!.id}/list`,
      headers: { host: 'localhost', authorization: `Bearer ${f.tokens.manager}` },
    });
    expect(otherPlatform.statusCode).toBe(404);
  });

  it('saves the tutor’s levels in the open session with one history line per change, a timeline entry, and resets to 0', async () => {
    const skill = skillsOf(await f.list('tuteur'), f.open)[2]!;
    const before = await historyCount();
    const response = await f.call('tuteur', 'POST', `/save/${f.open}`, { skills: { [skill.id]: 4 } });
    expect(response.statusCode).toBe(200);
    expect(SkillSaveResponse.parse(response.json())).toMatchObject({ hasError: false, message: 'Les compétences ont été enregistrées' });
    expect(skillsOf(await f.list('apprenti'), f.open)[2]!.answers['2']).toMatchObject({ value: 4 });
    expect(await historyCount()).toBe(before + 1);
    // The same value again changes nothing and writes no history.
    await f.call('tuteur', 'POST', `/save/${f.open}`, { skills: { [skill.id]: 4 } });
    expect(await historyCount()).toBe(before + 1);
    await f.call('tuteur', 'POST', `/save/${f.open}`, { skills: { [skill.id]: 0 } });
    expect(skillsOf(await f.list('apprenti'), f.open)[2]!.answers['2']).toMatchObject({ value: 0 });
    expect(await historyCount()).toBe(before + 2);
    const [entry] = await f.db
      .select()
      .from(timelineEntries)
      .where(and(eq(timelineEntries.triadId, f.triadId), eq(timelineEntries.className, 'skill')));
    expect(entry).toMatchObject({ titlePart1: 'Julien Bernard', titlePart2: 'Semestre 2' });
    const english = await f.call('tuteur', 'POST', `/save/${f.open}`, { skills: { [skill.id]: 1 } }, 'en');
    expect(english.json().message).toBe('Skills saved successfully');
  });

  it('saves a whole grid at once', async () => {
    const skills = skillsOf(await f.list('maitre'), f.open);
    const body = Object.fromEntries(skills.map((skill, index) => [skill.id, (index % 4) + 1]));
    const response = await f.call('maitre', 'POST', `/save/${f.open}`, { skills: body });
    expect(response.statusCode).toBe(200);
    const after = skillsOf(await f.list('maitre'), f.open);
    expect(after.map((skill) => skill.answers['3']?.value)).toEqual(skills.map((_, index) => (index % 4) + 1));
  });

  it('locks a closed session (403, session lock) and changes nothing', async () => {
    const skill = skillsOf(await f.list('apprenti'), f.closed)[0]!;
    const answers = await answerCount();
    const response = await f.call('apprenti', 'POST', `/save/${f.closed}`, { skills: { [skill.id]: 1 } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cette session est fermée : les évaluations sont verrouillées');
    expect(skillsOf(await f.list('apprenti'), f.closed)[0]!.answers['1']).toMatchObject({ value: 3 });
    expect(await answerCount()).toBe(answers);
  });

  it('refuses a profile that does not rate: the manager (not a skill role), a member asking another profile, a foreign member', async () => {
    const skill = skillsOf(await f.list('apprenti'), f.open)[0]!;
    const history = await historyCount();
    for (const [username, body] of [
      ['manager', { skills: { [skill.id]: 2 } }],
      ['admin', { skills: { [skill.id]: 2 } }],
      ['apprenti', { skills: { [skill.id]: 2 }, profile: 2 }],
      ['apprenti2', { skills: { [skill.id]: 2 } }],
    ] as const) {
      const response = await f.call(username, 'POST', `/save/${f.open}`, body);
      expect(response.statusCode, username).toBe(403);
    }
    expect(await historyCount()).toBe(history);
  });

  it('locks a skill computed from questionnaire fields (403, skill lock) and shows its computed value', async () => {
    const skill = skillsOf(await f.list('apprenti'), f.open)[1]!;
    const [question] = await f.db
      .select({ id: questions.id })
      .from(questions)
      .innerJoin(questionnaires, eq(questionnaires.id, questions.questionnaireId))
      .where(eq(questionnaires.trainingCourseId, f.courseId))
      .limit(1);
    const [link] = await f.db.insert(fieldSkills).values({ questionId: question!.id, skillId: skill.id }).returning({ id: fieldSkills.id });
    const response = await f.call('apprenti', 'POST', `/save/${f.open}`, { skills: { [skill.id]: 2 } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('valeur est calculée');
    expect(skillsOf(await f.list('apprenti'), f.open)[1]).toMatchObject({ computed: true });
    await f.db.delete(fieldSkills).where(eq(fieldSkills.id, link!.id));
  });

  it('answers 400 with field errors on bad input and 404 on unknown records, writing nothing', async () => {
    const skill = skillsOf(await f.list('apprenti'), f.open)[0]!;
    const history = await historyCount();
    const above = await f.call('apprenti', 'POST', `/save/${f.open}`, { skills: { [skill.id]: 5 } });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual([{ field: `skills.${skill.id}`, message: 'Le niveau 5 dépasse le niveau maximal (4)' }]);
    for (const body of [{ skills: { [skill.id]: 11 } }, { skills: { abc: 1 } }, { skills: { [skill.id]: 1.5 } }, { skills: [] }, {}]) {
      expect((await f.call('apprenti', 'POST', `/save/${f.open}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await f.call('apprenti', 'POST', `/save/${f.open}`, { skills: { 999999: 1 } })).statusCode).toBe(404);
    expect((await f.call('apprenti', 'POST', '/save/999999', { skills: { [skill.id]: 1 } })).statusCode).toBe(404);
    expect((await f.call('apprenti', 'POST', '/save/99999999999', { skills: { [skill.id]: 1 } })).statusCode).toBe(400);
    const foreign = await createForeignCourse(f.db, 'skills-session.example.org');
    const [session] = await f.db
      .insert(skillSessions)
      .values({ trainingCourseId: foreign.courseId, name: 'Ailleurs', startDate: '2000-01-01', endDate: '2999-01-01' })
      .returning({ id: skillSessions.id });
    expect((await f.call('apprenti', 'POST', `/save/${session!.id}`, { skills: { [skill.id]: 1 } })).statusCode).toBe(404);
    expect(await historyCount()).toBe(history);
  });
});
