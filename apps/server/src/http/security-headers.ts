import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (helmet's: CSP, HSTS, frame, referrer, MIME sniffing…). Its
 * middleware is built once: @fastify/helmet built it again for every request, parsing the content
 * security policy each time (8 % of the CPU of a `GET /app/user/me`, issue 18).
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
