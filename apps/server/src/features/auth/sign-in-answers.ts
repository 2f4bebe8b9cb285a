import type { FastifyRequest } from 'fastify';
import type { LoginResponse, TokenPair } from '@lea/shared';

/** Where a sign-in comes from (every way: password, e-mail code or link): its platform, address and browser. */
export function signInMetaOf(request: FastifyRequest) {
  return { platformId: request.platform.id, ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** A successful sign-in's answer, as /api/login_check gives it (the spec names both refresh-token keys). */
export function signedInAnswer({ token, refresh_token }: TokenPair): LoginResponse {
  return { success: true, token, refresh_token, refreshToken: refresh_token };
}
