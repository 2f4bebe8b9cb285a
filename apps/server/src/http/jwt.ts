import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, AccessClaims } from '@lea/shared';

export type AccessTokenClaims = AccessClaims;
export type JwtKey = KeyObject | Uint8Array;

export async function signAccessToken(claims: AccessTokenClaims, secret: JwtKey, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

export type VerifyResult = { ok: true; claims: AccessTokenClaims } | { ok: false; expired: boolean };

const INVALID: VerifyResult = { ok: false, expired: false };
/** Tokens are verified with this much tolerance on their timestamps (clock skew between processes). */
const CLOCK_TOLERANCE_SECONDS = 5;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Verifies an access token on every request. Only the exact header this server signs is accepted
 * (HS256, no `alg: none`, no key confusion); the signature is compared in constant time; `exp` is
 * required. This is done with node:crypto synchronously: jose's WebCrypto verification sends each
 * HMAC to the thread pool, which cost more than the rest of a `GET /app/user/me` (decision 012).
 */
export function verifyAccessToken(token: string, secret: JwtKey): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return INVALID;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart) as { alg?: unknown; typ?: unknown; crit?: unknown } | null;
  if (!header || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT') || header.crit !== undefined) {
    return INVALID;
  }
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;

  const payload = decodeJson(payloadPart) as { exp?: unknown; nbf?: unknown } | null;
  if (!payload || typeof payload.exp !== 'number') return INVALID;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.nbf === 'number' && payload.nbf > now + CLOCK_TOLERANCE_SECONDS) return INVALID;
  if (payload.exp <= now - CLOCK_TOLERANCE_SECONDS) return { ok: false, expired: true };
  const parsed = AccessClaims.safeParse(payload);
  return parsed.success ? { ok: true, claims: parsed.data } : INVALID;
}
