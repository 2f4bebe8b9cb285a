import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import {
  historyLog,
  skillCategories,
  skillConfigurations,
  skills,
  skillSessions,
  skillTypes,
  trainingCourses,
} from '../db/schema/index.js';
import { tokenFor } from '../test/auth.js';
import { createForeignCourse } from '../test/foreign-course.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { payloadOf } from './test-helpers.js';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** The manager area's skill configuration on the back-office engine (spec 3 §2.1–2.2, §4–§5). */
describe('manager area: skill types, categories, sessions, skills and levels', () => {
  let test: TestApp;
  let manager: string;
  let apprentice: string;
  let courseId = 0;
  const call = (token: string, method: Method, path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/lea-manager/${courseId}${path}`,
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const form = async (path: string) => (await call(manager, 'GET', path)).json() as FormModel;
  beforeAll(async () => {
    test = await createTestApp();
    manager = await tokenFor(test.app, 'manager');
    apprentice = await tokenFor(test.app, 'apprenti');
    const [course] = await test.app.ctx.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .where(eq(trainingCourses.displayName, 'BTS SIO 2025-2027'));
    courseId = course!.id;
  });
  afterAll(async () => test?.close());

  it('describes the five entities under the skill screens', async () => {
    const described = (await call(manager, 'GET', '/generic/entities')).json();
    const paths = Object.fromEntries(
      described.entities
        .filter((entity: { alias: string }) => entity.alias.startsWith('skill'))
        .map((entity: { alias: string; screen: { path: string } }) => [entity.alias, entity.screen.path]),
    );
    expect(paths).toEqual({
      'skill-type': 'skill/skill-type',
      'skill-category': 'skill/skill-category',
      'skill-session': 'skill/skill-session',
      skill: 'skill/skill',
      'skill-configuration': 'skill/configuration',
    });
  });

  it('lists the demo skills by category, the rated ones not removable', async () => {
    const list = (await call(manager, 'GET', '/skill/list')).json();
    expect(list.count).toBe(8);
    expect(list.data[0]).toMatchObject({ category: 'Support et mise à disposition de services informatiques', canRemove: false });
    expect(list.data.find((row: { name: string }) => row.name === 'Communiquer avec les utilisateurs').category).toBe(
      'Compétences en entreprise › Savoir-être',
    );
    const categories = (await call(manager, 'GET', '/skill-category/list')).json();
    expect(categories.data.find((row: { code: string }) => row.code === 'RNCP35340BC01')).toMatchObject({ skills: 4, canRemove: false });
  });

  it('adds a type, a category under a mother, a skill and a session, each with its history line', async () => {
    const type = await call(manager, 'POST', '/skill-type/post', payloadOf(await form('/skill-type/form'), { name: 'Transversale' }));
    expect(type.json()).toMatchObject({ hasError: false, message: 'Le type de compétence a été enregistré' });
    const [mother] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.name, 'Compétences en entreprise'));
    const category = await call(
      manager,
      'POST',
      '/skill-category/post',
      payloadOf(await form('/skill-category/form'), { name: 'Gestion de projet', mother: String(mother!.id) }),
    );
    const categoryId = category.json().responses[0].object.id;
    const [row] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.id, categoryId));
    expect(row).toMatchObject({ motherId: mother!.id, trainingCourseId: courseId });
    const skill = await call(
      manager,
      'POST',
      '/skill/post',
      payloadOf(await form('/skill/form'), {
        name: 'Planifier des tâches',
        category: String(categoryId),
        skillType: String(type.json().responses[0].object.id),
        needJustificative: true,
        requiredValue: '3',
      }),
    );
    expect(skill.json().hasError).toBe(false);
    const [stored] = await test.app.ctx.db.select().from(skills).where(eq(skills.name, 'Planifier des tâches'));
    expect(stored).toMatchObject({ skillCategoryId: categoryId, needJustificative: true, requiredValue: 3 });
    const session = await call(
      manager,
      'POST',
      '/skill-session/post',
      payloadOf(await form('/skill-session/form'), { name: 'Semestre 3', startDate: '2027-01-01', endDate: '2027-06-30' }),
    );
    expect(session.json().hasError).toBe(false);
    const lines = await test.app.ctx.db
      .select()
      .from(historyLog)
      .where(and(eq(historyLog.entity, 'skill-session')));
    expect(lines.length).toBeGreaterThan(0);
  });

  it('refuses a session ending before it starts, a category placed under its own daughter, another course’s category (nothing written)', async () => {
    const before = (await test.app.ctx.db.select().from(skillSessions)).length;
    const session = await call(
      manager,
      'POST',
      '/skill-session/post',
      payloadOf(await form('/skill-session/form'), { name: 'À l’envers', startDate: '2027-06-30', endDate: '2027-01-01' }),
    );
    expect(session.json().hasError).toBe(true);
    expect(session.json().responses[0].validationErrors.map((error: { field: string }) => error.field)).toContain('endDate');
    expect((await test.app.ctx.db.select().from(skillSessions)).length).toBe(before);
    const [own] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.name, 'Compétences en entreprise'));
    const [daughter] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.name, 'Savoir-être'));
    const loop = await call(
      manager,
      'PUT',
      `/skill-category/post/${own!.id}`,
      payloadOf(await form(`/skill-category/form/${own!.id}`), { mother: String(daughter!.id) }),
    );
    expect(loop.json().hasError).toBe(true);
    const foreign = await createForeignCourse(test.app.ctx.db, 'skills-manage.example.org');
    const [elsewhere] = await test.app.ctx.db
      .insert(skillCategories)
      .values({ trainingCourseId: foreign.courseId, name: 'Ailleurs' })
      .returning();
    const skill = await call(
      manager,
      'POST',
      '/skill/post',
      payloadOf(await form('/skill/form'), { name: 'Intruse', category: String(elsewhere!.id) }),
    );
    expect(skill.json().hasError).toBe(true);
    expect((await call(manager, 'GET', `/skill-category/form/${elsewhere!.id}`)).statusCode).toBe(404);
    expect((await test.app.ctx.db.select().from(skills).where(eq(skills.name, 'Intruse'))).length).toBe(0);
  });

  it('refuses a triad member (403) and keeps a rated skill and a full category', async () => {
    expect((await call(apprentice, 'GET', '/skill/list')).statusCode).toBe(403);
    expect((await call(apprentice, 'GET', '/skill-configuration/unique-form')).statusCode).toBe(403);
    const list = (await call(manager, 'GET', '/skill/list')).json();
    const rated = list.data.find((row: { canRemove: boolean }) => !row.canRemove);
    const removal = await call(manager, 'DELETE', `/skill/delete/${rated.id}`);
    expect(removal.json()).toMatchObject({ hasError: true, message: 'Cette compétence a déjà été évaluée' });
    expect((await test.app.ctx.db.select().from(skills).where(eq(skills.id, rated.id))).length).toBe(1);
  });

  it('configures the levels: defaults of spec 3 §5, labels trimmed when the maximum goes down, missing ones filled', async () => {
    const model = await form('/skill-configuration/unique-form');
    const value = (name: string) => model.tabs[0]!.fields.find((field) => field.name === name)?.value;
    expect(value('maxSkillLevel')).toBe('4');
    expect(value('levelLabels')).toEqual(['Non acquis', 'En cours d’acquisition', 'Acquis', 'Expert']);
    const lowered = await call(
      manager,
      'PUT',
      '/skill-configuration/unique-post',
      payloadOf(model, { maxSkillLevel: '2', levelLabels: ['Pas encore', 'Oui', 'Très bien', 'Expert'] }),
    );
    expect(lowered.json()).toMatchObject({ hasError: false, message: 'La configuration a été enregistrée' });
    const [stored] = await test.app.ctx.db.select().from(skillConfigurations).where(eq(skillConfigurations.trainingCourseId, courseId));
    expect(stored).toMatchObject({ maxSkillLevel: 2, levelLabels: ['Pas encore', 'Oui'] });
    await call(
      manager,
      'PUT',
      '/skill-configuration/unique-post',
      payloadOf(model, { maxSkillLevel: '5', levelLabels: ['Pas encore', 'Oui'] }),
    );
    const [raised] = await test.app.ctx.db.select().from(skillConfigurations).where(eq(skillConfigurations.trainingCourseId, courseId));
    expect(raised!.levelLabels).toEqual(['Pas encore', 'Oui', 'Moyen', 'Bon', 'Excellent']);
    const bad = await call(manager, 'PUT', '/skill-configuration/unique-post', payloadOf(model, { maxSkillLevel: '42' }));
    expect(bad.json().hasError).toBe(true);
    const english = await call(manager, 'GET', '/skill-configuration/unique-form', undefined, 'en');
    expect(english.json().tabs[0].fields[0].label).toBe('Number of levels');
  });

  it('keeps the skill types of the course apart', async () => {
    const foreign = await createForeignCourse(test.app.ctx.db, 'skills-types.example.org');
    const [type] = await test.app.ctx.db.insert(skillTypes).values({ trainingCourseId: foreign.courseId, name: 'Ailleurs' }).returning();
    expect((await call(manager, 'DELETE', `/skill-type/delete/${type!.id}`)).statusCode).toBe(404);
  });
});
