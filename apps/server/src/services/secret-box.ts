import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Secrets the server must read back (an OpenID provider's client secret), stored encrypted with
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret: a copy of the database
 * alone does not reveal them. Format: `v1.` + base64url(iv ‖ tag ‖ ciphertext). Changing
 * JWT_SECRET makes the stored secrets unreadable: they must then be typed again.
 */
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: KeyObject, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret.export(), Buffer.alloc(0), `lea secret-box ${purpose}`, 32));
}

export function sealSecret(secret: KeyObject, purpose: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain secret, or null when it was sealed under another key or altered. */
export function openSecret(secret: KeyObject, purpose: string, sealed: string): string | null {
  if (!sealed.startsWith(VERSION)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
