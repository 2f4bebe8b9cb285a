import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { FILE_HARD_MAX_BYTES, MESSAGES, fileSizeMessage, messagesFor } from '@lea/shared';
import { renderText, text } from '../texts/index.js';
import { AppError } from './errors.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './unavailable.js';

/** `instancePath` "/personalAddress/city" → "personalAddress.city" (the field name the web form uses). */
function fieldOf(instancePath: string | undefined, missingProperty?: unknown): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path;
}

/**
 * The router's own refusals, before any route or error handler (a malformed %-escape in the path):
 * Fastify's `frameworkErrors` option, so that they answer `{code, message}` like every other error.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  void reply.status(status).send({ code: status, message: error.message });
}

/**
 * Every failure answers `{code, message}` (plus `errors` for field validation); never a stack. Texts
 * are rendered in the request's locale: the catalogue's, and the shared rules' French messages.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { locale } = request;
    const invalidRequest = text(locale, 'common.invalidRequest');
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      // A text that names a profile uses the platform's titles (decision 024; none before the platform is known).
      const titles = request.profileTitles?.[locale];
      const errors = error.errors?.map(({ field, message }) => ({ field, message: renderText(message, locale, titles) }));
      return reply.status(error.statusCode).send({ code: error.statusCode, message: renderText(error.text, locale, titles), errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, (issue.params as { missingProperty?: unknown })?.missingProperty),
        message: renderText(issue.message ?? MESSAGES.required, locale),
      }));
      return reply.status(400).send({ code: 400, message: invalidRequest, errors });
    }
    if (error instanceof ZodError) {
      // Request data is parsed by the route schemas; a ZodError here is a parse inside a handler or a
      // service. Still the caller's bad input, so a 400 — but logged, so that the misplaced parse is found.
      request.log.error({ err: error, url: request.url }, 'ZodError outside the route schema');
      const errors = error.issues.map((issue) => ({ field: issue.path.join('.'), message: renderText(issue.message, locale) }));
      return reply.status(400).send({ code: 400, message: invalidRequest, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: 413, message: fileSizeMessage(FILE_HARD_MAX_BYTES, locale) });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover of the database: the client may try again in a moment (issue 19's faults).
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 503, message: text(locale, 'common.unavailable') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, message: messagesFor(locale).generic });
  });
}
