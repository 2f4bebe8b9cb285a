import type { FastifyRequest } from 'fastify';
import type { SignInMethod } from '../db/schema/index.js';

/**
 * Where a write comes from: kept with signatures, and in the history log while impersonating.
 * `signInMethod`: how the session was opened (absent: by password), recorded with a signature.
 */
export type RequestMeta = { ip: string | null; userAgent: string | null; impersonatorId: number | null; signInMethod?: SignInMethod };
/** The same with the request's language, for the messages the write answers. */
export type WriteMeta = RequestMeta & { locale: 'fr' | 'en' };

export function writeMetaOf(request: FastifyRequest): WriteMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    impersonatorId: request.auth?.impersonator ?? null,
    signInMethod: request.auth?.amr ?? 'password',
    locale: request.locale,
  };
}
