import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { trainingCourses, trainings } from '../db/schema/index.js';
import { callerOf, type Caller } from '../http/caller.js';
import { forbidden, notFound } from '../http/errors.js';
import { isCourseManager } from '../services/triad-membership.js';
import type { ManagedCourse, Scope } from './types.js';

/** The course of the caller's platform with whether the caller manages it, in one query. */
async function findCourse(db: DbOrTx, caller: Caller, courseId: number) {
  const [row] = await db
    .select({
      id: trainingCourses.id,
      displayName: trainingCourses.displayName,
      startYear: trainingCourses.startYear,
      endYear: trainingCourses.endYear,
      archived: trainingCourses.archived,
      platformId: trainings.platformId,
      isManager: isCourseManager(db, trainingCourses.id, caller.userId),
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, courseId), eq(trainings.platformId, caller.platformId)))
    .limit(1);
  return row ?? null;
}

/**
 * The manager area's gate (spec 3 §6): the course must be of the caller's platform (else 404, as
 * if it did not exist) and the caller one of its managers or an administrator of the platform (else 403).
 */
export async function resolveManagedCourse(db: DbOrTx, caller: Caller, courseId: number): Promise<ManagedCourse> {
  const row = await findCourse(db, caller, courseId);
  if (!row) throw notFound('Formation introuvable');
  if (!row.isManager && !caller.admin) throw forbidden();
  const { isManager: _isManager, ...course } = row;
  return course;
}

function requestMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return {
    locale: request.locale,
    impersonatorId: request.auth?.impersonator ?? null,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

/** The scope of a manager-area call on `courseId`, after the gate. */
export async function managerScope(request: FastifyRequest, courseId: number): Promise<Scope> {
  const caller = callerOf(request);
  const course = await resolveManagedCourse(request.server.ctx.db, caller, courseId);
  return { area: 'manager', caller, course, ...requestMeta(request) };
}

/** The course of a manager-area scope; declarations served in the manager area only rely on it. */
export function courseOf(scope: Scope): ManagedCourse {
  if (!scope.course) throw notFound('Formation introuvable');
  return scope.course;
}
