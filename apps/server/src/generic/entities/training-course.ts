import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { MESSAGES, TrainingCourseInput, type ValidationError } from '@lea/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { trainingCourseManagers, trainingCourses, trainings, triads, userPlatforms, users } from '../../db/schema/index.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity, type AdminScope } from '../types.js';
import { duplicateCourse } from './course-duplicate.js';

type CourseRecord = typeof trainingCourses.$inferSelect;

/** The course, only when its training is the administrator's platform's (another platform's is a 404). */
export async function findPlatformCourse(db: DbOrTx, platformId: number, id: number): Promise<CourseRecord | null> {
  const [row] = await db
    .select({ course: trainingCourses })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, id), eq(trainings.platformId, platformId)))
    .limit(1);
  return row?.course ?? null;
}

/** Who may manage a course: the platform's people whose type is manager, and the course's current managers. */
async function managerChoices(db: DbOrTx, platformId: number, current: number[]) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(or(eq(users.type, 'lea_manager'), current.length > 0 ? inArray(users.id, current) : sql`false`))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((row) => ({ value: String(row.id), label: `${row.firstName} ${row.lastName} (${row.email})` }));
}

async function managerIdsOf(db: DbOrTx, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: trainingCourseManagers.userId })
    .from(trainingCourseManagers)
    .where(eq(trainingCourseManagers.trainingCourseId, courseId));
  return rows.map((row) => row.userId);
}

async function checkCourse(db: DbOrTx, scope: AdminScope, input: TrainingCourseInput, current: number[]): Promise<ValidationError[]> {
  const errors: ValidationError[] = [];
  const [training] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.id, input.trainingId), eq(trainings.platformId, scope.platformId)))
    .limit(1);
  if (!training) errors.push({ field: 'trainingId', message: MESSAGES.choice });
  if (input.endYear < input.startYear) errors.push({ field: 'endYear', message: text('fr', 'adminSetup.course.endBeforeStart') });
  const allowed = new Set((await managerChoices(db, scope.platformId, current)).map((choice) => Number(choice.value)));
  if (input.managerIds.some((id) => !allowed.has(id))) errors.push({ field: 'managerIds', message: MESSAGES.choice });
  return errors;
}

async function saveManagers(tx: Tx, courseId: number, managerIds: number[]): Promise<void> {
  await tx.delete(trainingCourseManagers).where(eq(trainingCourseManagers.trainingCourseId, courseId));
  const unique = [...new Set(managerIds)];
  if (unique.length > 0) await tx.insert(trainingCourseManagers).values(unique.map((userId) => ({ trainingCourseId: courseId, userId })));
}

/**
 * training-course (admin area, spec 3 §2.3 `training-course/edit/{id}`, §7.2): a run of a training
 * of the platform, its years and archive state (first tab) and its managers (second tab).
 * Copying it duplicates it into next year (course-duplicate.ts); never deleted while it has triads.
 */
export const trainingCourseEntity = defineEntity<CourseRecord, TrainingCourseInput, 'admin'>({
  alias: 'training-course',
  table: trainingCourses,
  area: 'admin',
  screen: { path: 'training-course' },
  titles: {
    list: 'adminSetup.course.list',
    add: 'adminSetup.course.add',
    edit: 'adminSetup.course.edit',
    back: 'adminSetup.course.back',
  },
  find: (db, scope, id) => findPlatformCourse(db, scope.platformId, id),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'displayName', label: 'backOffice.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'training', label: 'adminSetup.word.training', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'years', label: 'adminSetup.course.years', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'managers', label: 'adminSetup.course.managers', filterable: true, sortable: false, format: 'text', hidden: false },
      { key: 'archived', label: 'adminSetup.course.archived', filterable: false, sortable: true, format: 'boolean', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({
          id: trainingCourses.id,
          displayName: trainingCourses.displayName,
          training: trainings.title,
          startYear: trainingCourses.startYear,
          endYear: trainingCourses.endYear,
          archived: trainingCourses.archived,
          managers: sql<string | null>`(select string_agg(${users.firstName} || ' ' || ${users.lastName}, ', ' order by ${users.lastName})
            from ${trainingCourseManagers} join ${users} on ${users.id} = ${trainingCourseManagers.userId}
            where ${trainingCourseManagers.trainingCourseId} = ${trainingCourses.id})`,
          triadCount: sql<number>`(select count(*) from ${triads} where ${triads.trainingCourseId} = ${trainingCourses.id})`.mapWith(
            Number,
          ),
        })
        .from(trainingCourses)
        .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
        .where(eq(trainings.platformId, scope.platformId))
        .orderBy(asc(trainingCourses.archived), asc(trainings.title), asc(trainingCourses.startYear), asc(trainingCourses.id));
      return rows.map(({ startYear, endYear, triadCount, ...row }) => ({
        ...row,
        managers: row.managers ?? '',
        years: startYear === null ? '' : `${startYear}–${endYear ?? ''}`,
        canRemove: triadCount === 0,
        removeReason: triadCount === 0 ? null : text(scope.locale, 'adminSetup.course.inUse', { total: triadCount }),
      }));
    },
  },
  async form(db, scope, { record, query }) {
    const managerIds = record ? await managerIdsOf(db, record.id) : [];
    const trainingChoices = (
      await db
        .select({ id: trainings.id, title: trainings.title })
        .from(trainings)
        .where(eq(trainings.platformId, scope.platformId))
        .orderBy(asc(trainings.title))
    ).map((row) => ({ value: String(row.id), label: row.title }));
    const year = new Date().getFullYear();
    return buildFormModel(
      'training-course',
      scope.locale,
      [
        {
          code: 'trainingCourse',
          label: 'adminSetup.course.tab',
          fields: [
            {
              name: 'trainingId',
              kind: 'select',
              label: 'adminSetup.word.training',
              required: true,
              choices: trainingChoices,
              initial: query.trainingId ?? null,
            },
            { name: 'displayName', kind: 'text', label: 'backOffice.word.name', required: true },
            { name: 'startYear', kind: 'number', label: 'adminSetup.course.startYear', required: true, initial: String(year) },
            { name: 'endYear', kind: 'number', label: 'adminSetup.course.endYear', required: true, initial: String(year + 2) },
            { name: 'archived', kind: 'checkbox', label: 'adminSetup.course.archived', initial: false },
          ],
        },
        {
          code: 'managers',
          label: 'adminSetup.course.managers',
          fields: [
            {
              name: 'managerIds',
              kind: 'multiselect',
              label: 'adminSetup.course.managers',
              help: 'adminSetup.course.managersHelp',
              choices: await managerChoices(db, scope.platformId, managerIds),
              initial: [],
            },
          ],
        },
      ],
      record
        ? {
            trainingId: String(record.trainingId),
            displayName: record.displayName,
            startYear: record.startYear === null ? null : String(record.startYear),
            endYear: record.endYear === null ? null : String(record.endYear),
            archived: record.archived,
            managerIds: managerIds.map(String),
          }
        : null,
    );
  },
  input: TrainingCourseInput,
  async check(db, scope, input, { record }) {
    return checkCourse(db, scope, input, record ? await managerIdsOf(db, record.id) : []);
  },
  async save(tx, _scope, input, { record }) {
    const { managerIds, ...values } = input;
    let id: number;
    if (record) {
      id = record.id;
      await tx.update(trainingCourses).set(values).where(eq(trainingCourses.id, id));
    } else {
      const [row] = await tx.insert(trainingCourses).values(values).returning({ id: trainingCourses.id });
      id = row!.id;
    }
    await saveManagers(tx, id, managerIds);
    return id;
  },
  async remove(tx, _scope, record) {
    await tx.select({ id: trainingCourses.id }).from(trainingCourses).where(eq(trainingCourses.id, record.id)).for('update');
    const [row] = await tx.select({ total: count() }).from(triads).where(eq(triads.trainingCourseId, record.id));
    const total = Number(row?.total ?? 0);
    if (total > 0) return { refused: textRef('adminSetup.course.inUse', { total }) };
    await tx.delete(trainingCourses).where(eq(trainingCourses.id, record.id));
    return { warnings: [] };
  },
  copy: (tx, _scope, record) => duplicateCourse(tx, record, true),
  messages: { saved: 'adminSetup.course.saved', removed: 'adminSetup.course.removed' },
});
