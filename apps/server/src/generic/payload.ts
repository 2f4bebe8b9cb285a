import {
  collectTogglers,
  isFieldShown,
  isTabShown,
  MESSAGES,
  validateFormPayload,
  type FormField,
  type FormModel,
  type FormPayload,
  type ValidationError,
} from '@lea/shared';
import type { z } from 'zod';
import { sanitizeHtml } from '../services/sanitize-html.js';

const CHOICE_KINDS = new Set(['select', 'radio', 'multiselect', 'checkboxgroup']);

/** A value of a choice field that the served form did not offer (an id of another course…). */
function offChoices(field: FormField, value: unknown): boolean {
  if (!CHOICE_KINDS.has(field.kind) || !field.choices || field.attributes.taggable) return false;
  const offered = new Set(field.choices.map((choice) => choice.value));
  const given = (Array.isArray(value) ? value : [value]).filter((item) => item !== null && item !== undefined && item !== '');
  return given.some((item) => !offered.has(String(item)));
}

export type ReadPayload<I> = { ok: true; input: I } | { ok: false; errors: ValidationError[] };

/**
 * Reads a posted form against the very model the server serves for that record:
 * 1. the shared rules of the model (required, e-mail, number…), exactly as the web renderer ran them;
 * 2. choice fields must hold one of the offered choices (ids are never trusted as sent);
 * 3. the values of shown fields are merged across tabs (names are unique in a model), hidden ones
 *    dropped and disabled ones kept as served, rich text (editor fields) passed through the shared
 *    HTML allow-list, then typed by the entity's zod schema.
 * Every error of every field is answered at once, as `{field, message}`.
 * With `keepAbsentTabs` (a singleton saved in parts: the design's help part, spec 3 §7.2), the tabs
 * the payload does not carry are neither checked nor changed: their fields keep the served values.
 */
export function readPayload<I>(
  served: FormModel,
  payload: FormPayload,
  schema: z.ZodType<I>,
  options: { keepAbsentTabs?: boolean } = {},
): ReadPayload<I> {
  const sent = new Set(payload.map((entry) => entry.code));
  const kept = options.keepAbsentTabs ? served.tabs.filter((tab) => !sent.has(tab.code)) : [];
  const model = kept.length > 0 ? { ...served, tabs: served.tabs.filter((tab) => sent.has(tab.code)) } : served;
  const errors = validateFormPayload(model, payload);
  const formOf = (code: string) => payload.find((entry) => entry.code === code)?.form ?? {};
  const togglers = collectTogglers(model, (tab, field) => formOf(tab.code)[field.name]);
  const values: Record<string, unknown> = {};
  for (const tab of kept) for (const field of tab.fields) values[field.name] = field.value;
  for (const tab of model.tabs) {
    const tabShown = isTabShown(tab, togglers);
    for (const field of tab.fields) {
      if (!tabShown || !isFieldShown(field, togglers)) continue;
      const value = field.disabled ? field.value : formOf(tab.code)[field.name];
      values[field.name] = field.kind === 'editor' && typeof value === 'string' ? sanitizeHtml(value) : value;
      if (offChoices(field, value) && !errors.some((error) => error.field === field.name)) {
        errors.push({ field: field.name, message: MESSAGES.choice });
      }
    }
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success) {
    // In the order of the form, so that the first error is the first field to fix.
    const order = new Map(model.tabs.flatMap((tab) => tab.fields.map((field) => field.name)).map((name, index) => [name, index]));
    const rank = (error: ValidationError) => order.get(error.field) ?? order.size;
    return { ok: false, errors: [...errors].sort((a, b) => rank(a) - rank(b)) };
  }
  return { ok: true, input: parsed.data };
}
