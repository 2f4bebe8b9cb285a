import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, validatePassword } from '@lea/shared';

let commonPasswords: Set<string> | null = null;

/** About a thousand of the most used passwords and their usual "complex" variants, lower-cased. */
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** The server's rule for a new password: the shared strength rule, then the common-password list. */
export function validateNewPassword(password: string): string | null {
  const message = validatePassword(password);
  if (message) return message;
  return isCommonPassword(password) ? MESSAGES.passwordCommon : null;
}
