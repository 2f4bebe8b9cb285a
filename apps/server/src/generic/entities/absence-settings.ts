import { eq } from 'drizzle-orm';
import { AbsenceConfigInput, CourseAbsenceConfigInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { absenceConfigs, courseAbsenceConfigs } from '../../db/schema/index.js';
import { checkCourseAlerts } from '../../services/absence-alerts.js';
import { textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';

type ConfigRecord = { id: number; alertThresholdHours: number | null; dayHours: number; allowAdvanceNotice: boolean };
type CourseConfigRecord = { id: number; alertThresholdHours: number | null };

async function platformConfigOf(db: DbOrTx, platformId: number): Promise<ConfigRecord | null> {
  const [row] = await db.select().from(absenceConfigs).where(eq(absenceConfigs.platformId, platformId)).limit(1);
  return row ? { id: platformId, ...row } : null;
}

async function courseConfigOf(db: DbOrTx, courseId: number): Promise<CourseConfigRecord | null> {
  const [row] = await db.select().from(courseAbsenceConfigs).where(eq(courseAbsenceConfigs.trainingCourseId, courseId)).limit(1);
  return row ? { id: courseId, alertThresholdHours: row.alertThresholdHours } : null;
}

/**
 * absence-config (admin area, spec 3 §2.3 modules' `absence-config`): the platform's absence alert threshold
 * (unjustified hours), the hours of a day and whether apprentices may announce an absence in advance.
 */
export const absenceConfigEntity = defineEntity<ConfigRecord, AbsenceConfigInput, 'admin'>({
  alias: 'absence-config',
  table: absenceConfigs,
  area: 'admin',
  screen: { path: 'absence-config' },
  titles: { list: 'calendar.configTitle', add: 'calendar.configTitle', edit: 'calendar.configTitle', back: 'calendar.backToModules' },
  async find(db, scope, id) {
    return id === scope.platformId ? platformConfigOf(db, id) : null;
  },
  singleton: { one: (db, scope) => platformConfigOf(db, scope.platformId) },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'absence-config',
      scope.locale,
      [
        {
          code: 'absenceConfig',
          label: 'calendar.configTab',
          fields: [
            { name: 'alertThresholdHours', kind: 'number', label: 'calendar.configThreshold', help: 'calendar.configThresholdHelp' },
            { name: 'dayHours', kind: 'number', label: 'calendar.configDayHours', required: true, initial: 7 },
            { name: 'allowAdvanceNotice', kind: 'checkbox', label: 'calendar.configAdvance', initial: true },
          ],
        },
      ],
      record,
    );
  },
  input: AbsenceConfigInput,
  async save(tx, scope, input) {
    await tx
      .insert(absenceConfigs)
      .values({ platformId: scope.platformId, ...input })
      .onConflictDoUpdate({ target: absenceConfigs.platformId, set: input });
    await checkCourseAlerts(tx, { platformId: scope.platformId });
    return scope.platformId;
  },
  messages: { saved: 'calendar.configSaved' },
});

/**
 * course-absence-config (manager area): the course's own alert threshold over the platform's (spec 2 §5
 * "absence configuration"; the spec's path `generic/training-course/post/{course}` with the tab `absenceConfig`).
 */
export const courseAbsenceConfigEntity = defineEntity<CourseConfigRecord, CourseAbsenceConfigInput, 'manager'>({
  alias: 'course-absence-config',
  table: courseAbsenceConfigs,
  area: 'manager',
  access: 'MODULE_LEA_ABSENCE',
  screen: { path: 'absence/config' },
  titles: {
    list: 'calendar.courseConfigTitle',
    add: 'calendar.courseConfigTitle',
    edit: 'calendar.courseConfigTitle',
    back: 'calendar.backToCalendar',
  },
  async find(db, scope, id) {
    return id === scope.course.id ? courseConfigOf(db, id) : null;
  },
  singleton: { one: (db, scope) => courseConfigOf(db, scope.course.id) },
  async form(db, scope, { record }) {
    const platform = await platformConfigOf(db, scope.course.platformId);
    const threshold = platform?.alertThresholdHours;
    return buildFormModel(
      'course-absence-config',
      scope.locale,
      [
        {
          code: 'absenceConfig',
          label: 'calendar.configTab',
          fields: [
            {
              name: 'alertThresholdHours',
              kind: 'number',
              label: 'calendar.configThreshold',
              help: textRef('calendar.courseThresholdHelp', {
                threshold: threshold === null || threshold === undefined ? textRef('calendar.none') : `${threshold} h`,
              }),
            },
          ],
        },
      ],
      record,
    );
  },
  input: CourseAbsenceConfigInput,
  async save(tx, scope, input) {
    await tx
      .insert(courseAbsenceConfigs)
      .values({ trainingCourseId: scope.course.id, ...input })
      .onConflictDoUpdate({ target: courseAbsenceConfigs.trainingCourseId, set: input });
    await checkCourseAlerts(tx, { courseId: scope.course.id });
    return scope.course.id;
  },
  messages: { saved: 'calendar.configSaved' },
});
