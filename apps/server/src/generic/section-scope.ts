import type { FastifyRequest } from 'fastify';
import type { ManagerAccess } from '@lea/shared';
import { callerOf } from '../http/caller.js';
import { writeMetaOf } from '../http/write-meta.js';
import { resolveManagedCourse } from '../services/managed-course.js';
import type { SectionNeed } from '../services/manager-permissions.js';
import type { ManagerScope } from './types.js';

/**
 * The scope of a hand-written manager-area call (a history, an export screen): the course gate
 * (404 elsewhere, 403 for a non-manager) with the level the caller's manager profile grants on the
 * section (decision 027), as the generic calls check a declaration's `access`.
 */
export async function managerSectionScope(
  request: FastifyRequest,
  courseId: number,
  access: ManagerAccess,
  need: SectionNeed = 'view',
): Promise<ManagerScope> {
  const caller = callerOf(request);
  const course = await resolveManagedCourse(request.server.ctx.db, caller, courseId, { access, need });
  return { area: 'manager', caller, course, ...writeMetaOf(request), titles: request.profileTitles };
}
