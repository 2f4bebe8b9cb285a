import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES, validatePassword } from '@lea/shared';

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash (unknown user, no password set) it verifies against a
 * dummy hash of the same cost so that the answer takes as long as for a known user.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

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
