import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@lea/shared';
import { textRef } from '../texts/index.js';
import { badRequest } from './errors.js';

/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb) and a UTF-16 surrogate without its
 * pair, which a JSON body can carry as `\ud800` (refused in jsonb). With the `u` flag a well-formed
 * pair is one code point, so only a lone surrogate matches `\p{Cs}`.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const isUnstorable = (text: string) => text.includes('\0') || LONE_SURROGATE.test(text);

/**
 * The path ("personalAddress.city", "answers.0.value") of the first string or key of `value` that
 * holds unstorable text; '' when `value` itself is such a string; null when there is none.
 */
export function findUnstorableText(value: unknown): string | null {
  // An explicit stack rather than recursion: a deeply nested JSON body must not overflow the call stack.
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        if (isUnstorable(key)) return field;
        stack.push([child, field]);
      }
    }
  }
  return null;
}

/**
 * Unstorable text that reaches a query fails there (a 500), and no legitimate input holds any.
 * Refused once for every route, before its schema and its handler: path parameters (the decoded
 * URL path), query string and body alike, with the field's path.
 */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const field = findUnstorableText(part);
    if (field !== null) throw badRequest(textRef('common.invalidRequest'), [{ field, message: MESSAGES.forbiddenCharacter }]);
  }
}

/** Input checks every route gets; installed before any route is registered. */
export function installInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', refuseUnstorableText);
}
