import type { GenericActionResponse, GenericSaveResponse, ValidationError } from '@lea/shared';
import { text } from '../texts/index.js';
import type { Locale } from './types.js';

/** Refusal keys of the spec (spec 3 §4, §5), translated by the web app. */
export const CANNOT_REMOVE = 'cannot_remove';
export const TRIAD_ALREADY_SIGNED = 'questionnaire_triad_already_signed';

export function saved(id: number, message: string): GenericSaveResponse {
  return { hasError: false, message, responses: [{ object: { id } }] };
}

/** Field errors: HTTP 200 with `hasError` (as the questionnaire save), nothing written. */
export function invalid(errors: ValidationError[], locale: Locale): GenericSaveResponse {
  return { hasError: true, message: text(locale, 'backOffice.invalid'), responses: [{ validationErrors: errors }] };
}

export function done(message: string, extra: { id?: number; warnings?: string[] } = {}): GenericActionResponse {
  const detail = [{ message }, ...(extra.warnings ?? []).map((warning) => ({ message: warning }))];
  return { success: true, hasError: false, message, detail, ...(extra.id === undefined ? {} : { id: extra.id }) };
}

/** A refused action (crew with triads): HTTP 200, `success: false`, `hasError`, the reason first in detail. */
export function refused(message: string): GenericActionResponse {
  return { success: false, hasError: true, message, detail: [{ message }] };
}
