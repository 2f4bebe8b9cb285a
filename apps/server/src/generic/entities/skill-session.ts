import { asc, eq, inArray, max } from 'drizzle-orm';
import { MESSAGES, SkillSessionInput } from '@lea/shared';
import type { Tx } from '../../db/client.js';
import { skillSessionCategories, skillSessions } from '../../db/schema/index.js';
import { isSessionOpen } from '../../services/skill-levels.js';
import { frenchTexts } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { categoryChoices } from './skill-choices.js';
import { findInCourse } from '../find-in-course.js';

type SkillSessionRecord = typeof skillSessions.$inferSelect;

async function writeCategories(tx: Tx, sessionId: number, categoryIds: number[]) {
  await tx.delete(skillSessionCategories).where(eq(skillSessionCategories.skillSessionId, sessionId));
  const unique = [...new Set(categoryIds)];
  if (unique.length)
    await tx.insert(skillSessionCategories).values(unique.map((id) => ({ skillSessionId: sessionId, skillCategoryId: id })));
}

/**
 * skill-session (manager area, spec 3 §2.1 skill-session add, edit/{id}; spec 2 §2 sessions added,
 * edited and deleted from the tabs): its dates decide whether it is open, its root categories what it rates.
 */
export const skillSessionEntity = defineEntity<SkillSessionRecord, SkillSessionInput, 'manager'>({
  alias: 'skill-session',
  table: skillSessions,
  area: 'manager',
  access: 'MODULE_LEA_SKILL',
  screen: { path: 'skill/skill-session', back: 'skill' },
  titles: {
    list: 'skillManage.session.list',
    add: 'skillManage.session.add',
    edit: 'skillManage.session.edit',
    back: 'skillManage.session.back',
  },
  find: findInCourse(skillSessions),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'skillManage.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'startDate', label: 'skillManage.word.startDate', filterable: false, sortable: true, format: 'date', hidden: false },
      { key: 'endDate', label: 'skillManage.word.endDate', filterable: false, sortable: true, format: 'date', hidden: false },
      { key: 'open', label: 'skillManage.word.open', filterable: false, sortable: true, format: 'state', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select()
        .from(skillSessions)
        .where(eq(skillSessions.trainingCourseId, scope.course.id))
        .orderBy(asc(skillSessions.startDate), asc(skillSessions.id));
      return rows.map((row) => ({ id: row.id, name: row.name, startDate: row.startDate, endDate: row.endDate, open: isSessionOpen(row) }));
    },
  },
  async form(db, scope, { record }) {
    const roots = await categoryChoices(db, scope.course.id, { rootsOnly: true });
    const linked = record
      ? (
          await db
            .select({ id: skillSessionCategories.skillCategoryId })
            .from(skillSessionCategories)
            .where(eq(skillSessionCategories.skillSessionId, record.id))
        ).map((row) => String(row.id))
      : roots.map((choice) => choice.value);
    return buildFormModel(
      'skill-session',
      scope.locale,
      [
        {
          code: 'skillSession',
          label: 'skillManage.session.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'skillManage.word.name', required: true },
            { name: 'startDate', kind: 'date', label: 'skillManage.word.startDate', required: true },
            {
              name: 'endDate',
              kind: 'date',
              label: 'skillManage.word.endDate',
              required: true,
              attributes: { dateReference: { field: 'startDate', kind: 'day' } },
            },
            { name: 'categories', kind: 'checkboxgroup', label: 'skillManage.word.categories', choices: roots, initial: linked },
          ],
        },
      ],
      record ? { name: record.name, startDate: record.startDate, endDate: record.endDate, categories: linked } : null,
    );
  },
  input: SkillSessionInput,
  async check(db, scope, input) {
    const errors = input.endDate < input.startDate ? [{ field: 'endDate', message: frenchTexts('skillManage')['session.dateOrder'] }] : [];
    const roots = new Set((await categoryChoices(db, scope.course.id, { rootsOnly: true })).map((choice) => Number(choice.value)));
    if (input.categories.some((id) => !roots.has(id))) errors.push({ field: 'categories', message: MESSAGES.choice });
    return errors;
  },
  async save(tx, scope, input, { record }) {
    const values = { name: input.name, startDate: input.startDate, endDate: input.endDate };
    let id = record?.id;
    if (id !== undefined) await tx.update(skillSessions).set(values).where(eq(skillSessions.id, id));
    else {
      const [last] = await tx
        .select({ last: max(skillSessions.position) })
        .from(skillSessions)
        .where(eq(skillSessions.trainingCourseId, scope.course.id));
      const [row] = await tx
        .insert(skillSessions)
        .values({ ...values, trainingCourseId: scope.course.id, position: (last?.last ?? -1) + 1 })
        .returning({ id: skillSessions.id });
      id = row!.id;
    }
    await writeCategories(tx, id, input.categories);
    return id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(skillSessions).where(inArray(skillSessions.id, [record.id]));
    return { warnings: [] };
  },
  messages: { saved: 'skillManage.session.saved', removed: 'skillManage.session.removed' },
});
