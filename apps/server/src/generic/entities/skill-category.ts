import { and, count, eq, isNull, max } from 'drizzle-orm';
import { SkillCategoryInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { skillCategories, skills } from '../../db/schema/index.js';
import { frenchTexts, text } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { categoryChoices, categoryTree, descendantsOf } from './skill-choices.js';
import { findInCourse } from '../find-in-course.js';

type SkillCategoryRecord = typeof skillCategories.$inferSelect;

const sameMother = (motherId: number | null) =>
  motherId === null ? isNull(skillCategories.motherId) : eq(skillCategories.motherId, motherId);

async function nextPosition(db: DbOrTx, courseId: number, motherId: number | null): Promise<number> {
  const [row] = await db
    .select({ last: max(skillCategories.position) })
    .from(skillCategories)
    .where(and(eq(skillCategories.trainingCourseId, courseId), sameMother(motherId)));
  return (row?.last ?? -1) + 1;
}

/**
 * skill-category (manager area, spec 3 §2.1 skill-category add, edit/{id}): categories nest under a
 * mother; one holding skills or daughters is not deleted (its reason is shown).
 */
export const skillCategoryEntity = defineEntity<SkillCategoryRecord, SkillCategoryInput, 'manager'>({
  alias: 'skill-category',
  table: skillCategories,
  area: 'manager',
  access: 'MODULE_LEA_SKILL',
  screen: { path: 'skill/skill-category' },
  titles: {
    list: 'skillManage.category.list',
    add: 'skillManage.category.add',
    edit: 'skillManage.category.edit',
    back: 'skillManage.category.back',
  },
  find: findInCourse(skillCategories),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'skillManage.word.name', filterable: true, sortable: false, format: 'text', hidden: false },
      { key: 'code', label: 'skillManage.word.code', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'skills', label: 'skillManage.word.skills', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const tree = await categoryTree(db, scope.course.id);
      const counts = await db
        .select({ categoryId: skills.skillCategoryId, total: count() })
        .from(skills)
        .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
        .where(eq(skillCategories.trainingCourseId, scope.course.id))
        .groupBy(skills.skillCategoryId);
      return tree.map((row) => {
        const total = counts.find((entry) => entry.categoryId === row.id)?.total ?? 0;
        const hasDaughters = tree.some((entry) => entry.motherId === row.id);
        return {
          id: row.id,
          name: row.path,
          code: row.code ?? '',
          skills: total,
          canRemove: total === 0 && !hasDaughters,
          removeReason: total === 0 && !hasDaughters ? null : text(scope.locale, 'skillManage.category.notEmpty'),
        };
      });
    },
  },
  async form(db, scope, { record }) {
    const except = record ? descendantsOf(await categoryTree(db, scope.course.id), record.id) : undefined;
    return buildFormModel(
      'skill-category',
      scope.locale,
      [
        {
          code: 'skillCategory',
          label: 'skillManage.category.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'skillManage.word.name', required: true },
            {
              name: 'mother',
              kind: 'select',
              label: 'skillManage.word.mother',
              choices: await categoryChoices(db, scope.course.id, { except }),
            },
            { name: 'code', kind: 'text', label: 'skillManage.word.code' },
          ],
        },
      ],
      record ? { name: record.name, mother: record.motherId === null ? null : String(record.motherId), code: record.code } : null,
    );
  },
  input: SkillCategoryInput,
  async check(db, scope, input, { record }) {
    if (!record || input.mother === null) return [];
    const below = descendantsOf(await categoryTree(db, scope.course.id), record.id);
    return below.has(input.mother) ? [{ field: 'mother', message: frenchTexts('skillManage')['category.motherLoop'] }] : [];
  },
  async save(tx, scope, input, { record }) {
    const values = { name: input.name, motherId: input.mother, code: input.code };
    if (record) {
      const moved = record.motherId !== input.mother;
      await tx
        .update(skillCategories)
        .set({ ...values, ...(moved ? { position: await nextPosition(tx, scope.course.id, input.mother) } : {}) })
        .where(eq(skillCategories.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(skillCategories)
      .values({ ...values, trainingCourseId: scope.course.id, position: await nextPosition(tx, scope.course.id, input.mother) })
      .returning({ id: skillCategories.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    const [content] = await tx.select({ total: count() }).from(skills).where(eq(skills.skillCategoryId, record.id));
    const [daughters] = await tx.select({ total: count() }).from(skillCategories).where(eq(skillCategories.motherId, record.id));
    if ((content?.total ?? 0) > 0 || (daughters?.total ?? 0) > 0) return { refused: 'skillManage.category.notEmpty' };
    await tx.delete(skillCategories).where(eq(skillCategories.id, record.id));
    return { warnings: [] };
  },
  position: {
    column: skillCategories.position,
    id: skillCategories.id,
    siblings: (record) => and(eq(skillCategories.trainingCourseId, record.trainingCourseId), sameMother(record.motherId))!,
  },
  messages: { saved: 'skillManage.category.saved', removed: 'skillManage.category.removed' },
});
