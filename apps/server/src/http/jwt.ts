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
  const known = verifiedTokens.get(secret)?.get(token);
  if (known) {
    // Checked before with this key: only its expiry can have changed since.
    if (known.exp > Math.floor(Date.now() / 1000) - CLOCK_TOLERANCE_SECONDS) return known.result;
    verifiedTokens.get(secret)?.delete(token);
  }
  const { result, exp } = verifySignedToken(token, secret);
  if (result.ok) rememberToken(secret, token, result, exp);
  return result;
}

/**
 * Tokens whose signature and claims were checked, per key, with their expiry (issue 18: the HMAC and
 * the claims' parsing were a tenth of a `user/me`). At most VERIFIED_TOKENS_MAX, the oldest going
 * first; revocation is not theirs to know (readBearer checks the session on every request).
 */
const verifiedTokens = new WeakMap<JwtKey, Map<string, { exp: number; result: VerifyResult }>>();
const VERIFIED_TOKENS_MAX = 10_000;

function rememberToken(secret: JwtKey, token: string, result: VerifyResult, exp: number): void {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  if (tokens.size >= VERIFIED_TOKENS_MAX) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, { exp, result });
}

/** The checks themselves; `exp` is the token's expiry when its claims were read. */
function verifySignedToken(token: string, secret: JwtKey): { result: VerifyResult; exp: number } {
  const invalid = { result: INVALID, exp: 0 };
  const parts = token.split('.');
  if (parts.length !== 3) return invalid;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart) as { alg?: unknown; typ?: unknown; crit?: unknown } | null;
  if (!header || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT') || header.crit !== undefined) {
    return invalid;
  }
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;

  const payload = decodeJson(payloadPart) as { exp?: unknown; nbf?: unknown } | null;
  if (!payload || typeof payload.exp !== 'number') return invalid;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.nbf === 'number' && payload.nbf > now + CLOCK_TOLERANCE_SECONDS) return invalid;
  if (payload.exp <= now - CLOCK_TOLERANCE_SECONDS) return { result: { ok: false, expired: true }, exp: payload.exp };
  const parsed = AccessClaims.safeParse(payload);
  return parsed.success ? { result: { ok: true, claims: parsed.data }, exp: payload.exp } : invalid;
}
