import { asc, count, eq, max } from 'drizzle-orm';
import { LessonUnitInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { lessonSubjects, lessonUnits } from '../../db/schema/index.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { findInCourse } from '../find-in-course.js';

type UnitRecord = typeof lessonUnits.$inferSelect;

async function nextUnitPosition(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(lessonUnits.position) })
    .from(lessonUnits)
    .where(eq(lessonUnits.trainingCourseId, courseId));
  return (row?.last ?? -1) + 1;
}

async function subjectCount(db: DbOrTx, unitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lessonSubjects).where(eq(lessonSubjects.unitId, unitId));
  return Number(row?.n ?? 0);
}

/**
 * unit (manager area, spec 3 §2.1 `subject/unit/add`, `edit/{id}`): a group of subjects of the
 * course, ordered by drag; listed with its subjects on the subject page. A unit that still holds
 * subjects is not deleted (the subjects and their lessons would go with it).
 */
export const lessonUnitEntity = defineEntity<UnitRecord, LessonUnitInput, 'manager'>({
  alias: 'unit',
  table: lessonUnits,
  area: 'manager',
  screen: { path: 'subject/unit', back: 'subject' },
  titles: { list: 'lesson.unit.list', add: 'lesson.unit.add', edit: 'lesson.unit.edit', back: 'lesson.unit.back' },
  find: findInCourse(lessonUnits),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'lesson.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'subjectCount', label: 'lesson.subject.list', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({ id: lessonUnits.id, name: lessonUnits.name, subjectCount: count(lessonSubjects.id) })
        .from(lessonUnits)
        .leftJoin(lessonSubjects, eq(lessonSubjects.unitId, lessonUnits.id))
        .where(eq(lessonUnits.trainingCourseId, scope.course.id))
        .groupBy(lessonUnits.id)
        .orderBy(asc(lessonUnits.position), asc(lessonUnits.id));
      return rows.map((row) => {
        const total = Number(row.subjectCount);
        return {
          ...row,
          subjectCount: total,
          canRemove: total === 0,
          removeReason: total === 0 ? null : text(scope.locale, 'lesson.unitInUse', { total }),
        };
      });
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'unit',
      scope.locale,
      [{ code: 'unit', label: 'lesson.unit.tab', fields: [{ name: 'name', kind: 'text', label: 'lesson.word.name', required: true }] }],
      record ? { name: record.name } : null,
    );
  },
  input: LessonUnitInput,
  async save(tx, scope, input, { record }) {
    if (record) {
      await tx.update(lessonUnits).set({ name: input.name }).where(eq(lessonUnits.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(lessonUnits)
      .values({ trainingCourseId: scope.course.id, name: input.name, position: await nextUnitPosition(tx, scope.course.id) })
      .returning({ id: lessonUnits.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    // Locked: no subject joins the unit between the count and the delete.
    await tx.select({ id: lessonUnits.id }).from(lessonUnits).where(eq(lessonUnits.id, record.id)).for('update');
    const total = await subjectCount(tx, record.id);
    if (total > 0) return { refused: textRef('lesson.unitInUse', { total }) };
    await tx.delete(lessonUnits).where(eq(lessonUnits.id, record.id));
    return { warnings: [] };
  },
  position: {
    column: lessonUnits.position,
    id: lessonUnits.id,
    siblings: (record) => eq(lessonUnits.trainingCourseId, record.trainingCourseId),
  },
  messages: { saved: 'lesson.unit.saved', removed: 'lesson.unit.removed' },
});
