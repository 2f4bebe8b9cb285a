import { and, asc, count, eq, max } from 'drizzle-orm';
import { LessonSubjectInput, readSetQuery } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { lessons, lessonSubjects, lessonUnits } from '../../db/schema/index.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';

type SubjectRecord = typeof lessonSubjects.$inferSelect;

async function nextSubjectPosition(db: DbOrTx, unitId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(lessonSubjects.position) })
    .from(lessonSubjects)
    .where(eq(lessonSubjects.unitId, unitId));
  return (row?.last ?? -1) + 1;
}

/** The course's units, in their order: the choices of a subject's unit. */
async function unitChoices(db: DbOrTx, courseId: number) {
  const rows = await db
    .select({ id: lessonUnits.id, name: lessonUnits.name })
    .from(lessonUnits)
    .where(eq(lessonUnits.trainingCourseId, courseId))
    .orderBy(asc(lessonUnits.position), asc(lessonUnits.id));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

/**
 * subject (manager area, spec 3 §2.1 `subject`, `add`, `edit/{id}`): a group of lessons inside a
 * unit of the course. The add screen's `set` query names the unit (`[{"name":"unit","value":…}]`);
 * editing the unit moves the subject to the end of the other unit. Ordered by drag among the
 * subjects of its unit; never deleted while it holds lessons.
 */
export const lessonSubjectEntity = defineEntity<SubjectRecord, LessonSubjectInput, 'manager'>({
  alias: 'subject',
  table: lessonSubjects,
  area: 'manager',
  screen: { path: 'subject', back: 'subject' },
  titles: { list: 'lesson.subject.list', add: 'lesson.subject.add', edit: 'lesson.subject.edit', back: 'lesson.subject.back' },
  async find(db, scope, id) {
    const [row] = await db
      .select({ subject: lessonSubjects })
      .from(lessonSubjects)
      .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
      .where(and(eq(lessonSubjects.id, id), eq(lessonUnits.trainingCourseId, scope.course.id)))
      .limit(1);
    return row?.subject ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'lesson.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'unit', label: 'lesson.word.unit', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'unitId', label: 'lesson.word.unit', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'lessonCount', label: 'lesson.subject.lessons', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({
          id: lessonSubjects.id,
          name: lessonSubjects.name,
          unit: lessonUnits.name,
          unitId: lessonUnits.id,
          lessonCount: count(lessons.id),
        })
        .from(lessonSubjects)
        .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
        .leftJoin(lessons, eq(lessons.subjectId, lessonSubjects.id))
        .where(eq(lessonUnits.trainingCourseId, scope.course.id))
        .groupBy(lessonSubjects.id, lessonUnits.id)
        .orderBy(asc(lessonUnits.position), asc(lessonUnits.id), asc(lessonSubjects.position), asc(lessonSubjects.id));
      return rows.map((row) => {
        const total = Number(row.lessonCount);
        return {
          ...row,
          lessonCount: total,
          canRemove: total === 0,
          removeReason: total === 0 ? null : text(scope.locale, 'lesson.subjectInUse', { total }),
        };
      });
    },
  },
  async form(db, scope, { record, query }) {
    const choices = await unitChoices(db, scope.course.id);
    const asked = readSetQuery(query.set).unit;
    const initial = choices.find((choice) => choice.value === asked)?.value ?? null;
    return buildFormModel(
      'subject',
      scope.locale,
      [
        {
          code: 'subject',
          label: 'lesson.subject.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'lesson.word.name', required: true },
            { name: 'unit', kind: 'select', label: 'lesson.word.unit', required: true, choices, initial },
          ],
        },
      ],
      record ? { name: record.name, unit: String(record.unitId) } : null,
    );
  },
  input: LessonSubjectInput,
  async save(tx, _scope, input, { record }) {
    // The unit is one of the served choices: a unit of this course.
    if (record) {
      const moved = record.unitId !== input.unit;
      await tx
        .update(lessonSubjects)
        .set({ name: input.name, unitId: input.unit, ...(moved ? { position: await nextSubjectPosition(tx, input.unit) } : {}) })
        .where(eq(lessonSubjects.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(lessonSubjects)
      .values({ unitId: input.unit, name: input.name, position: await nextSubjectPosition(tx, input.unit) })
      .returning({ id: lessonSubjects.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.select({ id: lessonSubjects.id }).from(lessonSubjects).where(eq(lessonSubjects.id, record.id)).for('update');
    const [row] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.subjectId, record.id));
    const total = Number(row?.n ?? 0);
    if (total > 0) return { refused: textRef('lesson.subjectInUse', { total }) };
    await tx.delete(lessonSubjects).where(eq(lessonSubjects.id, record.id));
    return { warnings: [] };
  },
  position: { column: lessonSubjects.position, id: lessonSubjects.id, siblings: (record) => eq(lessonSubjects.unitId, record.unitId) },
  messages: { saved: 'lesson.subject.saved', removed: 'lesson.subject.removed' },
});
