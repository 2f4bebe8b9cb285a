import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AdminIntegrationsResponse,
  SsoCallbackQuery,
  SsoProvidersResponse,
  SsoStartParams,
  SsoStartQuery,
  SsoTicketRequest,
  SsoTicketResponse,
} from '@lea/shared';
import { adminScope } from '../../generic/scope.js';
import { requireUser } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { listActiveProviders } from './queries.js';
import { exchangeTicket, FAILURE_PATH, finishSignIn, listIntegrations, SsoFailure, startSignIn, type SsoRequest } from './service.js';

/**
 * The request's own origin (protocol and host, X-Forwarded-* only from TRUST_PROXY's proxies): the
 * redirect URI sent to the provider is built from it, so each platform's hostname has its own, and
 * the provider brings the browser back to the platform it left from.
 */
function ssoRequest(request: FastifyRequest): SsoRequest {
  return {
    platformId: request.platform.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    origin: `${request.protocol}://${request.host}`,
  };
}

/** A failure of a browser navigation: logged with its reason, answered by the login page's neutral message. */
function failureReason(error: unknown): string {
  if (error instanceof SsoFailure) return error.message;
  if (error instanceof AppError) return `${error.statusCode} ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The provider's answer, at the site root (GET /api/sso/callback): always a redirect, never a 500. */
export const ssoRootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/sso/callback', { schema: { querystring: SsoCallbackQuery } }, async (request, reply) => {
    const sso = ssoRequest(request);
    try {
      const { state, code, error } = request.query;
      if (error || !state || !code) throw new SsoFailure(`provider answered ${error ?? 'without code or state'}`);
      return reply.redirect(await finishSignIn(app.ctx, state, new URL(request.url, sso.origin), sso), 302);
    } catch (error) {
      request.log.warn({ reason: failureReason(error), platform: sso.platformId }, 'single sign-on refused');
      return reply.redirect(FAILURE_PATH, 302);
    }
  });
};

/** The login page's calls (under /api/{locale}, no bearer) and the admin home's integrations. */
export const ssoApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sso/providers', { schema: { response: { 200: SsoProvidersResponse } } }, async (request) => ({
    providers: await listActiveProviders(app.ctx.db, request.platform.id),
  }));

  app.get('/sso/:providerId/start', { schema: { params: SsoStartParams, querystring: SsoStartQuery } }, async (request, reply) => {
    const sso = ssoRequest(request);
    try {
      return reply.redirect(await startSignIn(app.ctx, request.params.providerId, request.query.target ?? null, sso), 302);
    } catch (error) {
      // Unknown provider (404) and the address's limit (429) are answered as such; a provider that cannot be reached is a failed sign-in.
      if (error instanceof AppError) throw error;
      request.log.warn({ reason: failureReason(error), platform: sso.platformId }, 'single sign-on could not start');
      return reply.redirect(FAILURE_PATH, 302);
    }
  });

  app.post('/sso/ticket', { schema: { body: SsoTicketRequest, response: { 200: SsoTicketResponse } } }, async (request) =>
    exchangeTicket(app.ctx, request.body.ticket, ssoRequest(request)),
  );

  app.get(
    '/app/admin/integrations',
    { preHandler: requireUser, schema: { response: { 200: AdminIntegrationsResponse } } },
    async (request) => listIntegrations(app.ctx, adminScope(request).platformId),
  );
};
