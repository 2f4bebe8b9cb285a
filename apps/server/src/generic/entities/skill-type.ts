import { asc, eq, max } from 'drizzle-orm';
import { SkillTypeInput } from '@lea/shared';
import { skillTypes } from '../../db/schema/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { findInCourse } from '../find-in-course.js';

type SkillTypeRecord = typeof skillTypes.$inferSelect;

/** skill-type (manager area, spec 3 §2.1 skill-type list, add, edit/{id}): kinds of skill, ordered by drag. */
export const skillTypeEntity = defineEntity<SkillTypeRecord, SkillTypeInput, 'manager'>({
  alias: 'skill-type',
  table: skillTypes,
  area: 'manager',
  access: 'MODULE_LEA_SKILL',
  screen: { path: 'skill/skill-type' },
  titles: { list: 'skillManage.type.list', add: 'skillManage.type.add', edit: 'skillManage.type.edit', back: 'skillManage.type.back' },
  find: findInCourse(skillTypes),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'skillManage.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
    ],
    rows: (db, scope) =>
      db
        .select({ id: skillTypes.id, name: skillTypes.name })
        .from(skillTypes)
        .where(eq(skillTypes.trainingCourseId, scope.course.id))
        .orderBy(asc(skillTypes.position), asc(skillTypes.id)),
  },
  form: async (_db, scope, { record }) =>
    buildFormModel(
      'skill-type',
      scope.locale,
      [
        {
          code: 'skillType',
          label: 'skillManage.type.tab',
          fields: [{ name: 'name', kind: 'text', label: 'skillManage.word.name', required: true }],
        },
      ],
      record,
    ),
  input: SkillTypeInput,
  async save(tx, scope, input, { record }) {
    if (record) {
      await tx.update(skillTypes).set({ name: input.name }).where(eq(skillTypes.id, record.id));
      return record.id;
    }
    const [last] = await tx
      .select({ last: max(skillTypes.position) })
      .from(skillTypes)
      .where(eq(skillTypes.trainingCourseId, scope.course.id));
    const [row] = await tx
      .insert(skillTypes)
      .values({ trainingCourseId: scope.course.id, name: input.name, position: (last?.last ?? -1) + 1 })
      .returning({ id: skillTypes.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(skillTypes).where(eq(skillTypes.id, record.id));
    return { warnings: [] };
  },
  position: {
    column: skillTypes.position,
    id: skillTypes.id,
    siblings: (record) => eq(skillTypes.trainingCourseId, record.trainingCourseId),
  },
  messages: { saved: 'skillManage.type.saved', removed: 'skillManage.type.removed' },
});
