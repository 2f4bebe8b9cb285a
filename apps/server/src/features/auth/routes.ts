import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AskResetPasswordRequest,
  CheckUsernameResponse,
  LoginRequest,
  LoginResponse,
  RefreshRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  TokenPair,
  WebsitesResponse,
} from '@lea/shared';
import { listWebsites } from './queries.js';
import { askResetPassword, resetPassword } from './reset-password.js';
import { login } from './service.js';
import { signedInAnswer, signInMetaOf } from './sign-in-answers.js';
import { limitLookups } from '../../services/sign-in.js';
import { revokeRefreshToken, rotateRefreshToken } from '../../services/session-tokens.js';

export const BAD_CREDENTIALS = 'Bad credentials';
/** The password was right, but the platform has this person sign in by e-mail (issue 20 §1): the web app says so. */
export const PASSWORD_NOT_ALLOWED = 'password_sign_in_not_allowed';

const UsernameQuery = z.object({ username: z.string().trim().min(1).max(180) });

/** /api/login_check, /api/token/refresh and /api/token/revoke, at the site root (no locale segment). */
export const authRootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login_check',
    { schema: { body: LoginRequest, response: { 200: LoginResponse, 401: LoginResponse } } },
    async (request, reply) => {
      const result = await login(app.ctx, request.body, signInMetaOf(request));
      if (!result.ok)
        return reply.status(401).send({
          code: 401,
          message: result.passwordNotAllowed ? PASSWORD_NOT_ALLOWED : BAD_CREDENTIALS,
          success: false,
        });
      return signedInAnswer(result.pair);
    },
  );

  app.post('/api/token/refresh', { schema: { body: RefreshRequest, response: { 200: TokenPair } } }, async (request) =>
    rotateRefreshToken(app.ctx, app.ctx.config.jwtSecret, request.body.refresh_token, request.platform.id),
  );

  app.post('/api/token/revoke', { schema: { body: RefreshRequest } }, async (request) => {
    await revokeRefreshToken(app.ctx, request.body.refresh_token, request.platform.id);
    return { success: true };
  });
};

/** Password recovery and the mobile login's lookups, under /api/{locale}; none needs a bearer. */
export const authApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/app/user/ask-reset-password', { schema: { body: AskResetPasswordRequest } }, async (request) => {
    await askResetPassword(app.ctx, request.body.username, { platform: request.platform, locale: request.locale, ip: request.ip });
    return { success: true };
  });

  app.post(
    '/app/user/reset-password/:token',
    {
      schema: {
        params: z.object({ token: z.string().min(1).max(128) }),
        body: ResetPasswordRequest,
        response: { 200: ResetPasswordResponse },
      },
    },
    async (request) =>
      resetPassword(app.ctx, request.params.token, request.body.password, { platformId: request.platform.id, ip: request.ip }),
  );

  // Both answer for the request's platform only, and count against the address's lookups.
  app.get(
    '/ufauser/check_username',
    { schema: { querystring: UsernameQuery, response: { 200: CheckUsernameResponse } } },
    async (request) => {
      await limitLookups(app.ctx, request.ip);
      return { exists: (await listWebsites(app.ctx.db, request.query.username, request.platform.id)).length > 0 };
    },
  );

  app.get('/api/ufauser/websites', { schema: { querystring: UsernameQuery, response: { 200: WebsitesResponse } } }, async (request) => {
    await limitLookups(app.ctx, request.ip);
    return { username: request.query.username, websites: await listWebsites(app.ctx.db, request.query.username, request.platform.id) };
  });
};
