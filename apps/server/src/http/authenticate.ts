import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_ADMIN } from '@lea/shared';
import { AppError, forbidden } from './errors.js';
import { verifyAccessToken } from './jwt.js';
import { isFamilyLive } from '../services/session-queries.js';

/**
 * Reads the bearer token. A missing token leaves `request.auth` null (public routes);
 * an expired one answers the spec's `Expired JWT Token`, a forged one or one of a revoked
 * session (logout, password or e-mail change) `Invalid JWT Token`. Every token the server issues
 * names its session (`family`), so revoking the session ends its access tokens at once instead
 * of when they expire (decision 020).
 */
export async function readBearer(request: FastifyRequest): Promise<void> {
  request.auth = null;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return;
  const result = verifyAccessToken(header.slice(7).trim(), request.server.ctx.config.jwtSecret);
  if (result.ok) {
    if (result.claims.platform !== request.platform.id) throw new AppError(401, 'Invalid JWT Token');
    if (result.claims.family && !(await isFamilyLive(request.server.ctx.db, request.server.ctx.cache, result.claims.family)))
      throw new AppError(401, 'Invalid JWT Token');
    request.auth = result.claims;
    return;
  }
  throw new AppError(401, result.expired ? 'Expired JWT Token' : 'Invalid JWT Token');
}

/** preHandler for every route that needs a signed-in user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw new AppError(401, 'JWT Token not found');
}

/** preHandler for administrator-only routes. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.auth?.roles.includes(ROLE_ADMIN)) throw forbidden();
}

export function isAdmin(request: FastifyRequest): boolean {
  return request.auth?.roles.includes(ROLE_ADMIN) ?? false;
}
