/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a full
 * pool), rather than a bug: the request may succeed in a few seconds, so the answer is a 503 with
 * Retry-After, not a 500. Drizzle wraps the driver's error: its causes are walked.
 */

/** Socket failures of node-postgres while connecting or in a query. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** PostgreSQL's own: shutting down or starting, too many connections (SQLSTATE 57P01-03, 53300). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's messages for a lost or unobtainable connection (they carry no code). */
const DRIVER_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection (?:is )?closed/i];

export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}
