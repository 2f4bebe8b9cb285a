import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { trainingCourses, trainings } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';
import { forbidden, notFound } from '../http/errors.js';
import { requireSection, type SectionNeed } from './manager-permissions.js';
import { isCourseManager } from './triad-membership.js';
import { textRef } from '../texts/index.js';

/** A course as the back-office calls know it once the gate has let the caller in. */
export type ManagedCourse = {
  id: number;
  displayName: string;
  startYear: number | null;
  endYear: number | null;
  archived: boolean;
  platformId: number;
  /** The course shows a manager (SM) column in the triad lists and dashboards. */
  leaManagerColumn: boolean;
};

/** The columns of a ManagedCourse; the query must join `trainings` on the course's training. */
export const managedCourseColumns = {
  id: trainingCourses.id,
  displayName: trainingCourses.displayName,
  startYear: trainingCourses.startYear,
  endYear: trainingCourses.endYear,
  archived: trainingCourses.archived,
  platformId: trainings.platformId,
  leaManagerColumn: trainingCourses.leaManagerColumn,
};

/**
 * The manager area's gate (spec 3 §6), for the generic calls and the questionnaire screens alike:
 * the course must be of the caller's platform (else 404, as if it did not exist) and the caller
 * one of its managers or an administrator of the platform (else 403, triad members included).
 * One query; with `section`, a second one checks the level the caller's manager profile grants on
 * that section of the manager area (403 below what the call needs, decision 027).
 */
export async function resolveManagedCourse(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  section?: { access: string; need: SectionNeed },
): Promise<ManagedCourse> {
  const [row] = await db
    .select({ ...managedCourseColumns, isManager: isCourseManager(db, trainingCourses.id, caller.userId) })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, courseId), eq(trainings.platformId, caller.platformId)))
    .limit(1);
  if (!row) throw notFound(textRef('common.courseNotFound'));
  if (!row.isManager && !caller.admin) throw forbidden();
  if (section) await requireSection(db, caller, section.access, section.need);
  const { isManager: _isManager, ...course } = row;
  return course;
}

/** The years a course's questionnaires may belong to: 1 to its length in years (at least 1). */
export function courseYears(course: Pick<ManagedCourse, 'startYear' | 'endYear'>): number[] {
  const length = course.startYear !== null && course.endYear !== null ? course.endYear - course.startYear : 1;
  return Array.from({ length: Math.min(Math.max(length, 1), 10) }, (_, index) => index + 1);
}
