import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@lea/shared';
import { badRequest } from './errors.js';

/**
 * The path ("personalAddress.city", "answers.0.value") of the first string or key of `value` that
 * holds a NUL character; '' when `value` itself is such a string; null when none does.
 */
export function nulFieldOf(value: unknown): string | null {
  // An explicit stack rather than recursion: a deeply nested JSON body must not overflow the call stack.
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes('\0')) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return field;
        stack.push([child, field]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL refuses NUL in text and jsonb, so a NUL that reaches a query fails there (a 500), and
 * no legitimate input holds one. Refused once for every route, before its schema and its handler:
 * path parameters (the decoded URL path), query string and body alike, with the field's path.
 */
async function refuseNul(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const field = nulFieldOf(part);
    if (field !== null) throw badRequest('Invalid request', [{ field, message: MESSAGES.forbiddenCharacter }]);
  }
}

/** Input checks every route gets; installed before any route is registered. */
export function installInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', refuseNul);
}
