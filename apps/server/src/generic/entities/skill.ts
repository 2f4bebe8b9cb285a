import { and, asc, count, eq, max } from 'drizzle-orm';
import { SkillInput } from '@lea/shared';
import { skillAnswers, skillCategories, skills, skillTypes } from '../../db/schema/index.js';
import { text } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { categoryChoices, categoryTree, skillTypeChoices } from './skill-choices.js';
import { skillExchange } from './skill-exchange.js';

type SkillRecord = typeof skills.$inferSelect;

/**
 * skill (manager area, spec 3 §2.2 "list of skills by category", skill add, edit/{id}): a skill of a
 * category of the course; one already rated is not deleted (its ratings and history would go).
 */
export const skillEntity = defineEntity<SkillRecord, SkillInput, 'manager'>({
  alias: 'skill',
  table: skills,
  area: 'manager',
  access: 'MODULE_LEA_SKILL',
  screen: { path: 'skill/skill' },
  titles: {
    list: 'skillManage.skill.list',
    add: 'skillManage.skill.add',
    edit: 'skillManage.skill.edit',
    back: 'skillManage.skill.back',
    import: 'skillManage.skill.import',
    update: 'skillManage.skill.update',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select({ skill: skills })
      .from(skills)
      .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
      .where(and(eq(skills.id, id), eq(skillCategories.trainingCourseId, scope.course.id)));
    return row?.skill ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'category', label: 'skillManage.word.category', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'name', label: 'skillManage.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'skillType', label: 'skillManage.word.skillType', filterable: true, sortable: true, format: 'text', hidden: false },
      {
        key: 'needJustificative',
        label: 'skillManage.word.needJustificative',
        filterable: false,
        sortable: true,
        format: 'boolean',
        hidden: false,
      },
    ],
    async rows(db, scope) {
      const tree = await categoryTree(db, scope.course.id);
      const order = new Map(tree.map((row, index) => [row.id, index]));
      const pathOf = new Map(tree.map((row) => [row.id, row.path]));
      const rows = await db
        .select({
          id: skills.id,
          name: skills.name,
          categoryId: skills.skillCategoryId,
          skillType: skillTypes.name,
          needJustificative: skills.needJustificative,
          position: skills.position,
          rated: count(skillAnswers.id),
        })
        .from(skills)
        .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
        .leftJoin(skillTypes, eq(skillTypes.id, skills.skillTypeId))
        .leftJoin(skillAnswers, eq(skillAnswers.skillId, skills.id))
        .where(eq(skillCategories.trainingCourseId, scope.course.id))
        .groupBy(skills.id, skillTypes.name)
        .orderBy(asc(skills.position), asc(skills.id));
      return rows
        .sort((a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0) || a.position - b.position || a.id - b.id)
        .map((row) => ({
          id: row.id,
          category: pathOf.get(row.categoryId) ?? '',
          name: row.name,
          skillType: row.skillType ?? '',
          needJustificative: row.needJustificative,
          canRemove: row.rated === 0,
          removeReason: row.rated === 0 ? null : text(scope.locale, 'skillManage.skill.rated'),
        }));
    },
  },
  async form(db, scope, { record }) {
    return buildFormModel(
      'skill',
      scope.locale,
      [
        {
          code: 'skill',
          label: 'skillManage.skill.tab',
          fields: [
            { name: 'name', kind: 'textarea', label: 'skillManage.word.name', required: true },
            {
              name: 'category',
              kind: 'select',
              label: 'skillManage.word.category',
              required: true,
              choices: await categoryChoices(db, scope.course.id),
            },
            {
              name: 'skillType',
              kind: 'select',
              label: 'skillManage.word.skillType',
              choices: await skillTypeChoices(db, scope.course.id),
            },
            { name: 'tooltip', kind: 'textarea', label: 'skillManage.word.tooltip' },
            { name: 'needJustificative', kind: 'checkbox', label: 'skillManage.word.needJustificative', initial: false },
            { name: 'requiredValue', kind: 'number', label: 'skillManage.word.requiredValue' },
          ],
        },
      ],
      record
        ? {
            name: record.name,
            category: String(record.skillCategoryId),
            skillType: record.skillTypeId === null ? null : String(record.skillTypeId),
            tooltip: record.tooltip,
            needJustificative: record.needJustificative,
            requiredValue: record.requiredValue,
          }
        : null,
    );
  },
  input: SkillInput,
  async save(tx, scope, input, { record }) {
    const values = {
      name: input.name,
      skillCategoryId: input.category,
      skillTypeId: input.skillType,
      tooltip: input.tooltip,
      needJustificative: input.needJustificative,
      requiredValue: input.requiredValue,
    };
    if (record) {
      await tx.update(skills).set(values).where(eq(skills.id, record.id));
      return record.id;
    }
    const [last] = await tx
      .select({ last: max(skills.position) })
      .from(skills)
      .where(eq(skills.skillCategoryId, input.category));
    const [row] = await tx
      .insert(skills)
      .values({ ...values, position: (last?.last ?? -1) + 1 })
      .returning({ id: skills.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    const [rated] = await tx.select({ total: count() }).from(skillAnswers).where(eq(skillAnswers.skillId, record.id));
    if ((rated?.total ?? 0) > 0) return { refused: 'skillManage.skill.rated' };
    await tx.delete(skills).where(eq(skills.id, record.id));
    return { warnings: [] };
  },
  position: { column: skills.position, id: skills.id, siblings: (record) => eq(skills.skillCategoryId, record.skillCategoryId) },
  exchange: skillExchange,
  messages: { saved: 'skillManage.skill.saved', removed: 'skillManage.skill.removed' },
});
