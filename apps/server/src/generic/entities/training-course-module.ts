import { and, eq, type SQL } from 'drizzle-orm';
import { CourseModuleInput, type FormModel } from '@lea/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { modules, trainingCourseModules, trainingCourses, trainings } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { courseModules } from '../../services/course-modules.js';
import { textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity, type CacheChange, type ListColumn, type Locale } from '../types.js';
import { findPlatformCourse } from './training-course.js';

type CourseModuleRecord = typeof trainingCourseModules.$inferSelect & { platformEnabled: boolean };

/** A course module, only when `where` (its course, or its course's platform) holds. */
async function findCourseModule(db: DbOrTx, id: number, where: SQL | undefined): Promise<CourseModuleRecord | null> {
  const [row] = await db
    .select({ record: trainingCourseModules, platformEnabled: modules.enabled })
    .from(trainingCourseModules)
    .innerJoin(modules, eq(modules.id, trainingCourseModules.moduleId))
    .innerJoin(trainingCourses, eq(trainingCourses.id, trainingCourseModules.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourseModules.id, id), where))
    .limit(1);
  return row ? { ...row.record, platformEnabled: row.platformEnabled } : null;
}

const COLUMNS: readonly ListColumn[] = [
  { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
  { key: 'enabled', label: 'courseModules.word.enabled', filterable: false, sortable: true, format: 'state', hidden: false },
  { key: 'title', label: 'courseModules.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
  { key: 'code', label: 'courseModules.word.code', filterable: true, sortable: true, format: 'text', hidden: false },
];

async function moduleRows(db: DbOrTx, course: { id: number; platformId: number }, locale: Locale) {
  const rows = await courseModules(db, course, locale);
  return rows.map((row) => ({ id: row.id, enabled: row.enabled, title: row.title, code: row.code }));
}

function moduleForm(locale: Locale, record: CourseModuleRecord | null): FormModel {
  return buildFormModel(
    'training-course-module',
    locale,
    [
      {
        code: 'courseModule',
        label: 'courseModules.module.tab',
        fields: [
          { name: 'title', kind: 'text', label: 'courseModules.word.title', help: 'courseModules.word.titleHelp' },
          {
            name: 'enabled',
            kind: 'checkbox',
            label: 'courseModules.word.enabled',
            help: record && !record.platformEnabled ? 'courseModules.courseModule.disabledByPlatform' : undefined,
          },
        ],
      },
    ],
    record,
  );
}

async function saveModule(tx: Tx, input: CourseModuleInput, record: CourseModuleRecord | null): Promise<number> {
  // `add: false`: the engine resolves a record before any save.
  if (!record) throw notFound(textRef('backOffice.recordNotFound'));
  await tx.update(trainingCourseModules).set(input).where(eq(trainingCourseModules.id, record.id));
  return record.id;
}

/** The triads' menus of the record's course are cached (services/course-modules, triadMenu). */
const courseMenuOf = (record: CourseModuleRecord | null): CacheChange[] =>
  record ? [{ topic: 'courseMenu', key: record.trainingCourseId }] : [];

const POSITION = {
  column: trainingCourseModules.position,
  id: trainingCourseModules.id,
  siblings: (record: CourseModuleRecord) => eq(trainingCourseModules.trainingCourseId, record.trainingCourseId),
};

/**
 * training-course-module (manager area, spec 3 §2.2 module menu screen, §4 module states): the
 * course's modules in the order of its triads' menu, each on (green dot) or off (red dot, also
 * when the administrators switched it off for the platform), reordered by drag; the visibility per
 * triad is `training-course-module-triad` (features/course-modules). Created with the course's
 * first use (decision 028), never added nor deleted here.
 */
export const trainingCourseModuleEntity = defineEntity<CourseModuleRecord, CourseModuleInput, 'manager'>({
  alias: 'training-course-module',
  table: trainingCourseModules,
  area: 'manager',
  screen: { path: 'module' },
  titles: {
    list: 'courseModules.courseModule.list',
    add: 'courseModules.courseModule.add',
    edit: 'courseModules.courseModule.edit',
    back: 'courseModules.courseModule.back',
  },
  add: false,
  find: (db, scope, id) => findCourseModule(db, id, eq(trainingCourseModules.trainingCourseId, scope.course.id)),
  list: { columns: COLUMNS, rows: (db, scope) => moduleRows(db, scope.course, scope.locale) },
  form: async (_db, scope, { record }) => moduleForm(scope.locale, record),
  input: CourseModuleInput,
  save: (tx, _scope, input, { record }) => saveModule(tx, input, record),
  caches: (_scope, record) => courseMenuOf(record),
  position: POSITION,
  messages: { saved: 'courseModules.courseModule.saved' },
});

/**
 * training-course-module of the admin area (spec 3 §2.3 `modules/training-course/{id}`): the same
 * modules of a course, switched on or off and reordered by drag, for any course of the
 * administrator's platform (a course of another platform is a 404). The course is the parent: its
 * row of the admin course list leads here.
 */
export const adminTrainingCourseModuleEntity = defineEntity<CourseModuleRecord, CourseModuleInput, 'admin'>({
  alias: 'training-course-module',
  table: trainingCourseModules,
  area: 'admin',
  screen: { path: 'modules/training-course' },
  titles: {
    list: 'courseModules.courseModule.adminList',
    add: 'courseModules.courseModule.add',
    edit: 'courseModules.courseModule.edit',
    back: 'courseModules.courseModule.adminBack',
  },
  add: false,
  parent: {
    alias: 'training-course',
    async check(db, scope, courseId) {
      if (!(await findPlatformCourse(db, scope.platformId, courseId))) throw notFound(textRef('common.courseNotFound'));
    },
  },
  parentIdOf: (record) => record.trainingCourseId,
  find: (db, scope, id) => findCourseModule(db, id, eq(trainings.platformId, scope.platformId)),
  list: {
    columns: COLUMNS,
    rows: (db, scope, courseId) => moduleRows(db, { id: courseId!, platformId: scope.platformId }, scope.locale),
    async subtitle(db, scope, courseId) {
      return (await findPlatformCourse(db, scope.platformId, courseId))?.displayName ?? null;
    },
  },
  form: async (_db, scope, { record }) => moduleForm(scope.locale, record),
  input: CourseModuleInput,
  save: (tx, _scope, input, { record }) => saveModule(tx, input, record),
  caches: (_scope, record) => courseMenuOf(record),
  position: POSITION,
  messages: { saved: 'courseModules.courseModule.saved' },
});
