/**
 * Validation of server-built form fields (spec 1 §3.6, §4.5, §5.1–5.2). Pure on purpose: the web
 * renderer validates while the user types and the server validates the posted payload with the
 * very same functions, so both sides give the same French message for the same value.
 */
import { ALLOWED_FILE_EXTENSIONS, FILE_DEFAULT_MAX_BYTES, FILE_HARD_MAX_BYTES, LOCALES, PASSWORD_MAX_LENGTH } from './constants.js';
import type { ValidationError } from './contracts/common.js';
import type { FormField, FormModel, FormPayload, FormTab } from './contracts/form-model.js';
import {
  MESSAGES,
  fileExtension,
  fileSizeMessage,
  isEmpty,
  isStrongPassword,
  isValidEmail,
  isValidNumber,
  isValidPhone,
} from './validation.js';

type Values = Readonly<Record<string, unknown>>;

/** An editor holding only markup ('<p></p>', '<p><br></p>') is empty to the user. */
export function stripMarkup(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

function hasFileId(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || !('id' in value)) return false;
  const id = (value as { id: unknown }).id;
  return id !== null && id !== undefined && id !== '';
}

/** Languages a translatable field asks for: its own list, else the site's languages. */
export function fieldLanguages(field: FormField): readonly string[] {
  return field.attributes.languages?.length ? field.attributes.languages : LOCALES;
}

function translationOf(value: unknown, language: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[language] : undefined;
}

/** Whether a value counts as "not filled" for the field's kind (spec 1 §5.1, required rule). */
export function isFieldValueEmpty(field: FormField, value: unknown): boolean {
  switch (field.kind) {
    case 'editor':
      return typeof value !== 'string' || stripMarkup(value) === '';
    case 'checkbox':
      return value !== true;
    case 'file':
      return Array.isArray(value) ? !value.some(hasFileId) : !hasFileId(value);
    case 'translatable':
      return fieldLanguages(field).every((language) => isEmpty(translationOf(value, language)));
    default:
      return isEmpty(value);
  }
}

/** Per-language messages of a translatable field: each language of the site is validated on its own. */
export function validateTranslations(field: FormField, value: unknown): Record<string, string | null> {
  const errors: Record<string, string | null> = {};
  for (const language of fieldLanguages(field)) {
    errors[language] = field.required && isEmpty(translationOf(value, language)) ? MESSAGES.required : null;
  }
  return errors;
}

function tagCount(value: unknown): number {
  return Array.isArray(value) ? value.length : 1;
}

function validateFilled(field: FormField, value: unknown): string | null {
  const text = typeof value === 'string' ? value : String(value);
  switch (field.kind) {
    case 'number':
      return (typeof value === 'number' ? Number.isFinite(value) : isValidNumber(text)) ? null : MESSAGES.number;
    case 'email':
      return isValidEmail(text) ? null : MESSAGES.email;
    case 'phone':
      return isValidPhone(text) ? null : MESSAGES.phone;
    case 'password':
      if (text.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
      return isStrongPassword(text) ? null : MESSAGES.password;
    case 'multiselect':
    case 'remoteselect': {
      const { minTags, maxTags } = field.attributes;
      if (minTags !== undefined && tagCount(value) < minTags) return MESSAGES.tagsMin({ n: minTags });
      if (maxTags !== undefined && tagCount(value) > maxTags) return MESSAGES.tagsMax({ n: maxTags });
      return null;
    }
    default:
      return null;
  }
}

/**
 * The message of the first rule the value breaks, or null. `allValues` holds the other values of
 * the form by field name (for `equalTo`). Disabled and hidden-kind fields are not the user's to
 * fill, so they are never in error; an empty optional field is valid.
 */
export function validateField(field: FormField, value: unknown, allValues: Values): string | null {
  if (field.disabled || field.kind === 'hidden') return null;
  if (field.kind === 'translatable') {
    return Object.values(validateTranslations(field, value)).find((message) => message !== null) ?? null;
  }
  if (isFieldValueEmpty(field, value)) return field.required ? MESSAGES.required : null;
  const { equalTo } = field.attributes;
  if (equalTo !== undefined && value !== allValues[equalTo]) return MESSAGES.passwordMismatch;
  return validateFilled(field, value);
}

/** Extension and size check of a chosen file, before it is read or sent (spec 1 §5.2). */
export function validateFileSelection(field: FormField, file: { name: string; size: number }): string | null {
  const configured: readonly string[] = field.attributes.allowedExtensions ?? ALLOWED_FILE_EXTENSIONS;
  const allowed = configured.map((extension) => extension.replace(/^\./, '').toLowerCase());
  if (!allowed.includes(fileExtension(file.name))) return field.attributes.fileMessage ?? MESSAGES.fileFormatDefault;
  const maxBytes = Math.min(field.attributes.maxFileBytes ?? FILE_DEFAULT_MAX_BYTES, FILE_HARD_MAX_BYTES);
  return file.size > maxBytes ? fileSizeMessage(maxBytes) : null;
}

/** A toggler field (its togglerTarget) and its current value. */
export interface TogglerState {
  target: string;
  value: unknown;
}

/** The class suffixes a toggler value stands for: booleans read as 1 / 0, lists as each item. */
function toggleTokens(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return [value ? '1' : '0'];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/**
 * Whether togglers show (true) or hide (false) an element with this toggle class, or null when no
 * toggler controls it. A class may list several space-separated classes.
 */
export function toggledVisibility(toggleClass: string | null | undefined, togglers: readonly TogglerState[]): boolean | null {
  const classes = (toggleClass ?? '').split(/\s+/).filter(Boolean);
  let controlled = false;
  for (const toggler of togglers) {
    for (const name of classes) {
      if (!name.startsWith(toggler.target)) continue;
      controlled = true;
      if (toggleTokens(toggler.value).some((token) => name === toggler.target + token)) return true;
    }
  }
  return controlled ? false : null;
}

/** A field hidden by the model stays hidden unless a toggler shows it. */
export function isFieldShown(field: FormField, togglers: readonly TogglerState[]): boolean {
  return toggledVisibility(field.toggleClass, togglers) ?? !field.hide;
}

export function isTabShown(tab: FormTab, togglers: readonly TogglerState[]): boolean {
  return toggledVisibility(tab.toggleClass, togglers) ?? true;
}

/** Togglers of a model, reading each toggler's value through `valueOf`. */
export function collectTogglers(model: FormModel, valueOf: (tab: FormTab, field: FormField) => unknown): TogglerState[] {
  return model.tabs.flatMap((tab) =>
    tab.fields.flatMap((field) => (field.togglerTarget ? [{ target: field.togglerTarget, value: valueOf(tab, field) }] : [])),
  );
}

/**
 * Server side of a generic form post: validates the visible fields of the visible tabs of the
 * payload against the model and answers the spec's `{field, message}` list (empty when valid).
 */
export function validateFormPayload(model: FormModel, payload: FormPayload): ValidationError[] {
  const formOf = (code: string): Values => payload.find((entry) => entry.code === code)?.form ?? {};
  const togglers = collectTogglers(model, (tab, field) => formOf(tab.code)[field.name]);
  const errors: ValidationError[] = [];
  for (const tab of model.tabs) {
    if (!isTabShown(tab, togglers)) continue;
    const form = formOf(tab.code);
    for (const field of tab.fields) {
      if (!isFieldShown(field, togglers)) continue;
      const message = validateField(field, form[field.name], form);
      if (message !== null) errors.push({ field: field.name, message });
    }
  }
  return errors;
}
