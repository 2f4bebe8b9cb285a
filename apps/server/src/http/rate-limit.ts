import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@lea/shared';
import type { Config } from '../config.js';
import { tooManyRequests } from './errors.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The general limit (decision 018): requests per minute, reads and writes counted apart, per caller —
 * the signed-in user (the access token's subject, whatever address they come from), else the client
 * address. Registered before the routes: its check runs in each route's own onRequest hook, after the
 * app's, which has read the bearer. Only `limited` URLs count (the API and file links, not the web
 * app's files). The counters live in this process's memory, so each API process counts on its own.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: Config['rateLimit'],
  limited: (url: string) => boolean,
): Promise<void> {
  const isRead = (request: FastifyRequest) => READ_METHODS.has(request.method);
  const maxOf = (request: FastifyRequest) => (isRead(request) ? limits.readsPerMinute : limits.writesPerMinute);
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `${isRead(request) ? 'read' : 'write'}:${request.auth ? `user:${request.auth.sub}` : `address:${normalizeIP(request.ip)}`}`,
    max: (request) => maxOf(request),
    allowList: (request) => maxOf(request) <= 0 || !limited(request.url),
    errorResponseBuilder: (_request, context) => tooManyRequests(MESSAGES.tooManyRequests, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
