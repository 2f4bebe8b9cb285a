import type { TFunction } from 'i18next';
import { MESSAGES, PASSWORD_MAX_LENGTH } from '@lea/shared';

/** The shared rules answer with their French text; each maps to a key of the user's language. */
const KEYS: Record<string, string> = {
  [MESSAGES.required]: 'common:requiredField',
  [MESSAGES.password]: 'auth:newPassword.password_not_valid',
  [MESSAGES.passwordMismatch]: 'auth:newPassword.password_error',
  [MESSAGES.passwordTooLong]: 'auth:newPassword.password_too_long',
  [MESSAGES.passwordCommon]: 'auth:newPassword.password_common',
};

export function translatePasswordMessage(message: string | null, t: TFunction): string | undefined {
  if (message === null) return undefined;
  const key = KEYS[message];
  return key ? t(key, { max: PASSWORD_MAX_LENGTH }) : message;
}
