import type { FastifyRequest } from 'fastify';
import { isAdmin } from './authenticate.js';
import { currentUserId } from './context.js';

/** Who is calling, as the services' authorisation checks need it. */
export type Caller = { userId: number; platformId: number; admin: boolean };

export function callerOf(request: FastifyRequest): Caller {
  return { userId: currentUserId(request), platformId: request.platform.id, admin: isAdmin(request) };
}
