import type { FastifyRequest } from 'fastify';
import { callerOf } from '../http/caller.js';
import { forbidden } from '../http/errors.js';
import { writeMetaOf } from '../http/write-meta.js';
import { resolveManagedCourse } from '../services/managed-course.js';
import type { AdminScope, ManagerScope } from './types.js';

/** The scope of a manager-area call on `courseId`: the gate runs here, once (404 elsewhere, 403 for a non-manager). */
export async function managerScope(request: FastifyRequest, courseId: number): Promise<ManagerScope> {
  const caller = callerOf(request);
  const course = await resolveManagedCourse(request.server.ctx.db, caller, courseId);
  return { area: 'manager', caller, course, ...writeMetaOf(request) };
}

/** The scope of an admin-area call: an administrator of the platform the request came to (spec 3 §6), else 403. */
export function adminScope(request: FastifyRequest): AdminScope {
  const caller = callerOf(request);
  if (!caller.admin) throw forbidden();
  return { area: 'admin', caller, platformId: caller.platformId, ...writeMetaOf(request) };
}
