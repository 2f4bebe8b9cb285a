/**
 * Validation rules of spec 1 §5. Their messages live in `messages.ts` (fr and en); the rules answer
 * the French text, which `localizeMessage` shows in the reader's language. The web forms and the
 * server both use these, so a value the browser accepts is a value the server accepts.
 */
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, type Locale } from './constants.js';
import { messagesFor } from './messages.js';

export const MESSAGES = messagesFor('fr');

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Optionally signed integer or decimal, with a dot or a comma. */
export const NUMBER_PATTERN = /^[-+]?\d+([.,]\d+)?$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** French or international phone numbers: digits, spaces, dots, dashes, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9](?:[ .-]?[0-9]){7,14}$/;

export function isValidNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** The spec's client rule: at least 12 characters with a lowercase, an uppercase, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** Returns the message of the first failed rule, or null. Used by every field validator. */
export function validatePassword(value: string): string | null {
  if (isEmpty(value)) return MESSAGES.required;
  if (value.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  if (!isStrongPassword(value)) return MESSAGES.password;
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  if (isEmpty(confirmation)) return MESSAGES.required;
  if (password !== confirmation) return MESSAGES.passwordMismatch;
  if (!isStrongPassword(confirmation)) return MESSAGES.password;
  return null;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(name: string, allowed: readonly string[]): boolean {
  return allowed.includes(fileExtension(name));
}

/** 'file_size_error' followed by the size in Mo (spec 1 §5.2). */
export function fileSizeMessage(maxBytes: number, locale: Locale = 'fr'): string {
  const size = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return messagesFor(locale).fileTooLarge({ size });
}

/** Size in bytes of the file carried by a base64 string (without a data: prefix). */
export function base64ByteLength(data: string): number {
  const clean = data.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}
