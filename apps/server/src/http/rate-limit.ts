import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@lea/shared';
import type { Config } from '../config.js';
import { tooManyRequests } from './errors.js';
import { fallbackStore, openSharedCounters } from './rate-limit-store.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The general limit (decision 018): requests per minute, reads and writes counted apart, per caller —
 * the signed-in user (the access token's subject, whatever address they come from), else the client
 * address. Registered before the routes: its check runs in each route's own onRequest hook, after the
 * app's, which has read the bearer. Only `limited` URLs count (the API and file links, not the web
 * app's files). With a Redis URL the counters are in Redis, shared by every API process, and in this
 * process's memory while Redis does not answer (decision 036); without it, in memory.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: Config['rateLimit'],
  limited: (url: string) => boolean,
  redis: { url: string | null; prefix: string },
): Promise<void> {
  const isRead = (request: FastifyRequest) => READ_METHODS.has(request.method);
  const maxOf = (request: FastifyRequest) => (isRead(request) ? limits.readsPerMinute : limits.writesPerMinute);
  const counters = redis.url && (limits.readsPerMinute > 0 || limits.writesPerMinute > 0) ? openSharedCounters(redis.url, app.log) : null;
  if (counters) app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, {
    global: true,
    ...(counters ? { store: fallbackStore(counters, `${redis.prefix}rate:`) } : {}),
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `${isRead(request) ? 'read' : 'write'}:${request.auth ? `user:${request.auth.sub}` : `address:${normalizeIP(request.ip)}`}`,
    max: (request) => maxOf(request),
    allowList: (request) => maxOf(request) <= 0 || !limited(request.url),
    errorResponseBuilder: (_request, context) => tooManyRequests(MESSAGES.tooManyRequests, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
