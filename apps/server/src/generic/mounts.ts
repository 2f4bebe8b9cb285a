import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Id } from '@lea/shared';
import type { SectionNeed } from '../services/manager-permissions.js';
import { adminScope, managerScope } from './scope.js';
import type { Area, EntityDeclaration, Scope } from './types.js';

/** The entity a call is about and what it needs of it (manager area: its section's level, decision 027). */
export type Section = { entity: EntityDeclaration; need: SectionNeed };

/**
 * Where the generic calls are served: the manager area under `/app/lea-manager/{course}`, the
 * admin area under `/app/admin`. `params` validates the mount's own path parameters as part of
 * every route's params schema, so a bad one is a 400 before any handler runs; `scopeOf` then
 * authorises the caller for them, once, and answers the scope every declaration receives.
 */
export type Mount = {
  area: Area;
  prefix: string;
  /** Typed without its fields so that each route's own fields keep their types when extended with it. */
  params: z.ZodObject<Record<never, never>, z.core.$loose>;
  scopeOf(request: FastifyRequest, section?: Section): Promise<Scope>;
};

/** Loose: the `/api/{locale}` prefix adds `locale` to every route's parameters. */
const CourseParams = z.looseObject({ course: Id });

export const MANAGER_MOUNT: Mount = {
  area: 'manager',
  prefix: '/app/lea-manager/:course',
  params: CourseParams,
  // Every route's params schema extends CourseParams, and Fastify hands the handler its output.
  scopeOf: (request, section) => managerScope(request, (request.params as z.infer<typeof CourseParams>).course, section),
};

export const ADMIN_MOUNT: Mount = {
  area: 'admin',
  prefix: '/app/admin',
  params: z.looseObject({}),
  scopeOf: async (request) => adminScope(request),
};

/** The spec's `sortByField` is honoured only when sent: without it an entity keeps its own order. */
export const sortAsked = (request: FastifyRequest) => new URL(request.url, 'http://lea.local').searchParams.has('sortByField');
