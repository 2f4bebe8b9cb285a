import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { trainingCourses, trainings } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';
import { forbidden, notFound } from '../http/errors.js';
import { isCourseManager } from './triad-membership.js';

export type QuestionnaireCourse = {
  id: number;
  displayName: string;
  startYear: number | null;
  endYear: number | null;
  leaManagerColumn: boolean;
};

/**
 * The gate of the manager area's questionnaire calls (editor, categories, dashboards): the course
 * must be of the caller's platform (else 404, nothing said about it) and the caller one of its
 * managers or an administrator (else 403, triad members included).
 */
export async function resolveQuestionnaireCourse(db: DbOrTx, caller: Caller, courseId: number): Promise<QuestionnaireCourse> {
  const [row] = await db
    .select({
      id: trainingCourses.id,
      displayName: trainingCourses.displayName,
      startYear: trainingCourses.startYear,
      endYear: trainingCourses.endYear,
      leaManagerColumn: trainingCourses.leaManagerColumn,
      isManager: isCourseManager(db, trainingCourses.id, caller.userId),
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, courseId), eq(trainings.platformId, caller.platformId)))
    .limit(1);
  if (!row) throw notFound('Formation introuvable');
  if (!row.isManager && !caller.admin) throw forbidden();
  const { isManager: _isManager, ...course } = row;
  return course;
}

/** The years a course's questionnaires may belong to: 1 to its length in years (at least 1). */
export function courseYears(course: Pick<QuestionnaireCourse, 'startYear' | 'endYear'>): number[] {
  const length = course.startYear !== null && course.endYear !== null ? course.endYear - course.startYear : 1;
  return Array.from({ length: Math.min(Math.max(length, 1), 10) }, (_, index) => index + 1);
}
