import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailCodeRequest, EmailLinkParams, EmailLinkResponse, EmailSignInRequest, LoginResponse } from '@lea/shared';
import { text } from '../../texts/index.js';
import { renewEmailLink, requestEmailSignIn, signInWithCode, signInWithLink } from './email-sign-in.js';
import { signedInAnswer, signInMetaOf } from './sign-in-answers.js';

/**
 * Sign-in by e-mail (issue 20 §1), under /api/{locale}; none needs a bearer. Asking for a code
 * and renewing a link always answer success; the code answers like /api/login_check.
 */
export const emailSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/app/user/email-sign-in', { schema: { body: EmailSignInRequest } }, async (request) => {
    await requestEmailSignIn(app.ctx, request.body, { platform: request.platform, locale: request.locale, ip: request.ip });
    return { success: true };
  });

  app.post(
    '/app/user/email-sign-in/code',
    { schema: { body: EmailCodeRequest, response: { 200: LoginResponse, 401: LoginResponse } } },
    async (request, reply) => {
      const result = await signInWithCode(app.ctx, request.body, signInMetaOf(request));
      if (!result.ok) return reply.status(401).send({ code: 401, message: text(request.locale, 'signIn.badCode'), success: false });
      return signedInAnswer(result.pair);
    },
  );

  app.post(
    '/app/user/email-sign-in/link/:token',
    { schema: { params: EmailLinkParams, response: { 200: EmailLinkResponse } } },
    async (request) => signInWithLink(app.ctx, request.params.token, signInMetaOf(request)),
  );

  app.post('/app/user/email-sign-in/renew/:token', { schema: { params: EmailLinkParams } }, async (request) => {
    await renewEmailLink(app.ctx, request.params.token, { platform: request.platform, locale: request.locale, ip: request.ip });
    return { success: true };
  });
};
