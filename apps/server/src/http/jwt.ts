import type { KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
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

/** Verifies an HS256 access token; only HS256 is accepted (no `alg: none`, no key confusion). */
export async function verifyAccessToken(token: string, secret: JwtKey): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const parsed = AccessClaims.safeParse(payload);
    return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, expired: false };
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired };
  }
}
