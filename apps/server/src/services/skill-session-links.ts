import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EditorError, EditorQuestion, EditorRow, Locale, QuestionnaireEditorBody } from '@lea/shared';
import type { DbOrTx, Tx } from '../db/client.js';
import { fieldSkills, skillCategories, skills, skillSessionCategories, skillSessions } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import { text, textRef } from '../texts/index.js';

type Category = typeof skillCategories.$inferSelect;
type Skill = typeof skills.$inferSelect;
export type SessionCategory = { path: string; skills: Skill[] };

/**
 * The categories a skill session rates, in tree order (its roots by position, daughters after their
 * mother, `Mère › Fille` paths), each with its skills: what a questionnaire generated from the
 * session asks (skill feature) and what its save may link (questionnaire editor).
 */
export async function sessionCategories(db: DbOrTx, courseId: number, sessionId: number): Promise<SessionCategory[]> {
  const [categories, courseSkills, rootLinks] = await Promise.all([
    db
      .select()
      .from(skillCategories)
      .where(eq(skillCategories.trainingCourseId, courseId))
      .orderBy(asc(skillCategories.position), asc(skillCategories.id)),
    db
      .select({ skill: skills })
      .from(skills)
      .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
      .where(eq(skillCategories.trainingCourseId, courseId))
      .orderBy(asc(skills.position), asc(skills.id))
      .then((rows) => rows.map((row) => row.skill)),
    db
      .select({ categoryId: skillSessionCategories.skillCategoryId })
      .from(skillSessionCategories)
      .where(inArray(skillSessionCategories.skillSessionId, [sessionId])),
  ]);
  const rootIds = new Set(rootLinks.map((link) => link.categoryId));
  const daughtersOf = new Map<number, Category[]>();
  for (const category of categories) {
    if (category.motherId !== null) daughtersOf.set(category.motherId, [...(daughtersOf.get(category.motherId) ?? []), category]);
  }
  const skillsOf = new Map<number, Skill[]>();
  for (const skill of courseSkills) skillsOf.set(skill.skillCategoryId, [...(skillsOf.get(skill.skillCategoryId) ?? []), skill]);
  const out: SessionCategory[] = [];
  const walk = (category: Category, path: string[], seen: Set<number>) => {
    const names = [...path, category.name];
    out.push({ path: names.join(' › '), skills: skillsOf.get(category.id) ?? [] });
    for (const daughter of daughtersOf.get(category.id) ?? []) {
      if (!seen.has(daughter.id)) walk(daughter, names, new Set([...seen, daughter.id]));
    }
  };
  for (const root of categories.filter((category) => rootIds.has(category.id))) walk(root, [], new Set([root.id]));
  return out;
}

type Item = EditorQuestion | EditorRow;

/**
 * The save's `?skillSession=` (spec 3 §7.1): the session must be of the course (404), and every
 * skill a field links to must be rated in that session (a field error otherwise, keyed like the
 * editor's: `questions.{i}[.questions.{j}].fieldSkills.{k}.skill`).
 */
export async function checkSkillLinks(
  db: DbOrTx,
  courseId: number,
  sessionId: number,
  body: QuestionnaireEditorBody,
  locale: Locale,
): Promise<EditorError[]> {
  const [session] = await db
    .select({ id: skillSessions.id, name: skillSessions.name })
    .from(skillSessions)
    .where(and(eq(skillSessions.id, sessionId), eq(skillSessions.trainingCourseId, courseId)));
  if (!session) throw notFound(textRef('skill.sessionNotFound'));
  const allowed = new Set((await sessionCategories(db, courseId, session.id)).flatMap((category) => category.skills.map((s) => s.id)));
  const message = text(locale, 'skillManage.generate.skillNotInSession', { session: session.name });
  const errors: EditorError[] = [];
  const check = (item: Item, path: string) =>
    (item.fieldSkills ?? []).forEach((link, k) => {
      if (!allowed.has(link.skill.id)) errors.push({ field: `${path}.fieldSkills.${k}.skill`, message });
    });
  body.questions.forEach((item, i) => {
    check(item, `questions.${i}`);
    item.questions.forEach((row, j) => check(row, `questions.${i}.questions.${j}`));
  });
  return errors;
}

/** Writes the links of the saved fields (coefficient 1 by default), in the save's transaction; returns how many were new. */
export async function writeSkillLinks(tx: Tx, saved: { item: Item; id: number }[]): Promise<number> {
  const values = saved.flatMap(({ item, id }) =>
    item.itemType === 'field'
      ? (item.fieldSkills ?? []).map((link) => ({ questionId: id, skillId: link.skill.id, coefficient: link.coefficient }))
      : [],
  );
  if (values.length === 0) return 0;
  const inserted = await tx.insert(fieldSkills).values(values).onConflictDoNothing().returning({ id: fieldSkills.id });
  return inserted.length;
}
