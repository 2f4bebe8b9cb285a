import { and, asc, eq, max } from 'drizzle-orm';
import {
  ALLOWED_FILE_EXTENSIONS,
  FILE_DEFAULT_MAX_BYTES,
  LESSON_FILE_FIELDS,
  LessonInput,
  readSetQuery,
  type LessonFileField,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { lessons, lessonSubjects, lessonUnits } from '../../db/schema/index.js';
import { textRef } from '../../texts/index.js';
import { buildFormModel, type FieldSpec } from '../form-builder.js';
import { defineEntity } from '../types.js';
import { checkAttachments, fileValues } from './attachments.js';

type LessonRecord = typeof lessons.$inferSelect;

/** The column of each attachment field. */
const FILE_COLUMNS = {
  lessonFile: 'lessonFileId',
  lessonFile2: 'lessonFile2Id',
  lessonFile3: 'lessonFile3Id',
  lessonFile4: 'lessonFile4Id',
} as const satisfies Record<LessonFileField, keyof LessonRecord>;

const filesOf = (record: LessonRecord) => LESSON_FILE_FIELDS.map((field) => record[FILE_COLUMNS[field]]);

async function nextLessonPosition(db: DbOrTx, subjectId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(lessons.position) })
    .from(lessons)
    .where(eq(lessons.subjectId, subjectId));
  return (row?.last ?? -1) + 1;
}

/** The course's subjects, labelled with their unit, in the order of the subject page. */
async function subjectChoices(db: DbOrTx, courseId: number) {
  const rows = await db
    .select({ id: lessonSubjects.id, name: lessonSubjects.name, unit: lessonUnits.name })
    .from(lessonSubjects)
    .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
    .where(eq(lessonUnits.trainingCourseId, courseId))
    .orderBy(asc(lessonUnits.position), asc(lessonUnits.id), asc(lessonSubjects.position), asc(lessonSubjects.id));
  return rows.map((row) => ({ value: String(row.id), label: `${row.unit} – ${row.name}` }));
}

const FILE_FIELDS: FieldSpec[] = LESSON_FILE_FIELDS.map((name, index) => ({
  name,
  kind: 'file',
  label: textRef('lesson.lesson.file', { n: index + 1 }),
  attributes: {
    maxFiles: 1,
    maxFileBytes: FILE_DEFAULT_MAX_BYTES,
    allowedExtensions: [...ALLOWED_FILE_EXTENSIONS],
    uploadType: 'lesson',
  },
}));

const values = (input: LessonInput) => ({
  title: input.title,
  subjectId: input.subject,
  activity: input.activity,
  workToDo: input.workToDo,
  link: input.link,
  lessonFileId: input.lessonFile,
  lessonFile2Id: input.lessonFile2,
  lessonFile3Id: input.lessonFile3,
  lessonFile4Id: input.lessonFile4,
});

/**
 * lesson (manager area, spec 3 §2.1 `lesson`, `add`, `edit/{id}`; spec 2 §3): a lesson of one of
 * the course's subjects, with what was done and the work to do (rich text, sanitised when saved), a
 * link (http or https only) and up to four attachments uploaded through the file service. The add
 * screen's `set` query names the subject; a lesson moved to another subject goes to its end.
 */
export const lessonEntity = defineEntity<LessonRecord, LessonInput, 'manager'>({
  alias: 'lesson',
  table: lessons,
  area: 'manager',
  screen: { path: 'lesson', back: 'lesson' },
  titles: { list: 'lesson.lesson.list', add: 'lesson.lesson.add', edit: 'lesson.lesson.edit', back: 'lesson.lesson.back' },
  async find(db, scope, id) {
    const [row] = await db
      .select({ lesson: lessons })
      .from(lessons)
      .innerJoin(lessonSubjects, eq(lessonSubjects.id, lessons.subjectId))
      .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
      .where(and(eq(lessons.id, id), eq(lessonUnits.trainingCourseId, scope.course.id)))
      .limit(1);
    return row?.lesson ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'title', label: 'lesson.word.title', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'subject', label: 'lesson.word.subject', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'subjectId', label: 'lesson.word.subject', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'unit', label: 'lesson.word.unit', filterable: true, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      return db
        .select({
          id: lessons.id,
          title: lessons.title,
          subject: lessonSubjects.name,
          subjectId: lessonSubjects.id,
          unit: lessonUnits.name,
        })
        .from(lessons)
        .innerJoin(lessonSubjects, eq(lessonSubjects.id, lessons.subjectId))
        .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
        .where(eq(lessonUnits.trainingCourseId, scope.course.id))
        .orderBy(
          asc(lessonUnits.position),
          asc(lessonUnits.id),
          asc(lessonSubjects.position),
          asc(lessonSubjects.id),
          asc(lessons.position),
          asc(lessons.id),
        );
    },
  },
  async form(db, scope, { record, query }) {
    const choices = await subjectChoices(db, scope.course.id);
    const asked = readSetQuery(query.set).subject;
    const initial = choices.find((choice) => choice.value === asked)?.value ?? null;
    const stored = record ? await fileValues(db, filesOf(record)) : new Map();
    const fileValue = (id: number | null) => (id === null ? null : (stored.get(id) ?? null));
    return buildFormModel(
      'lesson',
      scope.locale,
      [
        {
          code: 'lesson',
          label: 'lesson.lesson.tab',
          fields: [
            { name: 'title', kind: 'text', label: 'lesson.word.title', required: true },
            { name: 'subject', kind: 'select', label: 'lesson.word.subject', required: true, choices, initial },
            { name: 'activity', kind: 'editor', label: 'lesson.lesson.activity', attributes: { editorType: 'medium' } },
            { name: 'workToDo', kind: 'editor', label: 'lesson.lesson.workToDo', attributes: { editorType: 'medium' } },
            { name: 'link', kind: 'text', label: 'lesson.lesson.link', attributes: { placeholder: 'https://' } },
          ],
        },
        { code: 'files', label: 'lesson.lesson.filesTab', fields: FILE_FIELDS },
      ],
      record
        ? {
            title: record.title,
            subject: String(record.subjectId),
            activity: record.activity,
            workToDo: record.workToDo,
            link: record.link,
            ...Object.fromEntries(LESSON_FILE_FIELDS.map((field) => [field, fileValue(record[FILE_COLUMNS[field]])])),
          }
        : null,
    );
  },
  input: LessonInput,
  async check(db, scope, input, { record }) {
    return checkAttachments(
      db,
      scope,
      LESSON_FILE_FIELDS.map((field) => ({ field, fileId: input[field] })),
      record ? filesOf(record) : [],
    );
  },
  async save(tx, _scope, input, { record }) {
    // The subject is one of the served choices: a subject of this course.
    if (record) {
      const moved = record.subjectId !== input.subject;
      await tx
        .update(lessons)
        .set({ ...values(input), updatedAt: new Date(), ...(moved ? { position: await nextLessonPosition(tx, input.subject) } : {}) })
        .where(eq(lessons.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(lessons)
      .values({ ...values(input), position: await nextLessonPosition(tx, input.subject) })
      .returning({ id: lessons.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(lessons).where(eq(lessons.id, record.id));
    return { warnings: [] };
  },
  position: { column: lessons.position, id: lessons.id, siblings: (record) => eq(lessons.subjectId, record.subjectId) },
  messages: { saved: 'lesson.lesson.saved', removed: 'lesson.lesson.removed' },
});
