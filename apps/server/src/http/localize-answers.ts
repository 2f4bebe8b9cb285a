import type { FastifyInstance } from 'fastify';
import type { Locale } from '@lea/shared';
import { renderText } from '../texts/index.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy (answers may be shared constants) with `message` and the listed message lists localized. */
function localized(holder: Json, locale: Locale, lists: readonly string[]): Json {
  const copy: Json = { ...holder };
  if (typeof copy.message === 'string') copy.message = renderText(copy.message, locale);
  for (const name of lists) {
    const list = copy[name];
    if (Array.isArray(list))
      copy[name] = list.map((item) => (isObject(item) ? localized(item, locale, name === 'responses' ? ['validationErrors'] : []) : item));
  }
  return copy;
}

/** An answer as `locale`'s reader gets it (see installAnswerLocalizer). */
export function localizeAnswer(locale: Locale, payload: unknown): unknown {
  return locale === 'fr' || !isObject(payload)
    ? payload
    : localized(payload, locale, ['detail', 'errors', 'validationErrors', 'responses']);
}

/**
 * The spec's answer envelopes carry messages in `message`, `detail[].message`, `errors[].message`,
 * `validationErrors[].message` and `responses[].validationErrors[].message`. Services fill them with
 * catalogue texts in French (shared rules, message constants) without knowing the reader; on
 * `/api/en/…` they are shown in English here, once for every route. Other fields (titles, names,
 * answers) are data and left alone.
 */
export function installAnswerLocalizer(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => localizeAnswer(request.locale, payload));
}
