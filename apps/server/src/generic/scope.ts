import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_MANAGER_ACCESS } from '@lea/shared';
import { callerOf } from '../http/caller.js';
import { forbidden } from '../http/errors.js';
import { writeMetaOf } from '../http/write-meta.js';
import { trainingCourses, trainings } from '../db/schema/index.js';
import { resolveManagedCourse } from '../services/managed-course.js';
import { requireSection } from '../services/manager-permissions.js';
import { isCourseManager } from '../services/triad-membership.js';
import type { Section } from './mounts.js';
import type { AdminScope, ManagerScope, SharedScope } from './types.js';

/**
 * The scope of a manager-area call on `courseId`: the gate runs here, once (404 elsewhere, 403 for
 * a non-manager), then the level the caller's manager profile grants on the entity's section
 * (403 below what the call needs, decision 027).
 */
export async function managerScope(request: FastifyRequest, courseId: number, section?: Section): Promise<ManagerScope> {
  const caller = callerOf(request);
  const { db } = request.server.ctx;
  const course = await resolveManagedCourse(
    db,
    caller,
    courseId,
    section && { access: section.entity.access ?? DEFAULT_MANAGER_ACCESS, need: section.need },
  );
  return { area: 'manager', caller, course, ...writeMetaOf(request), titles: request.profileTitles };
}

/** The scope of an admin-area call: an administrator of the platform the request came to (spec 3 §6), else 403. */
export function adminScope(request: FastifyRequest): AdminScope {
  const caller = callerOf(request);
  if (!caller.admin) throw forbidden();
  return { area: 'admin', caller, platformId: caller.platformId, ...writeMetaOf(request), titles: request.profileTitles };
}

/**
 * The scope of a call across the caller's courses (the shared documents): an administrator, or a
 * manager of at least one course of the platform the request came to (else 403), with the level of
 * their manager profile on the entity's section (decision 027).
 */
export async function sharedScope(request: FastifyRequest, section?: Section): Promise<SharedScope> {
  const caller = callerOf(request);
  const { db } = request.server.ctx;
  if (!caller.admin) {
    const [row] = await db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
      .where(and(eq(trainings.platformId, caller.platformId), isCourseManager(db, trainingCourses.id, caller.userId)))
      .limit(1);
    if (!row) throw forbidden();
  }
  if (section) await requireSection(db, caller, section.entity.access ?? DEFAULT_MANAGER_ACCESS, section.need);
  return { area: 'shared', caller, platformId: caller.platformId, ...writeMetaOf(request), titles: request.profileTitles };
}
