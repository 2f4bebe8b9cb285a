import type { FastifyRequest } from 'fastify';
import { callerOf } from '../http/caller.js';
import { notFound } from '../http/errors.js';
import { writeMetaOf } from '../http/write-meta.js';
import { resolveManagedCourse, type ManagedCourse } from '../services/managed-course.js';
import type { Scope } from './types.js';

/** The scope of a manager-area call on `courseId`, after the gate. */
export async function managerScope(request: FastifyRequest, courseId: number): Promise<Scope> {
  const caller = callerOf(request);
  const course = await resolveManagedCourse(request.server.ctx.db, caller, courseId);
  return { area: 'manager', caller, course, ...writeMetaOf(request) };
}

/** The course of a manager-area scope; declarations served in the manager area only rely on it. */
export function courseOf(scope: Scope): ManagedCourse {
  if (!scope.course) throw notFound('Formation introuvable');
  return scope.course;
}
