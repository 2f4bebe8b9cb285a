import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_SESSION_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@lea/shared';
import type { Db, DbOrTx } from '../db/client.js';
import type { SignInMethod } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { signAccessToken, type JwtKey } from '../http/jwt.js';
import type { CacheBus } from './shared-cache.js';
import {
  findLiveFamily,
  findSessionUser,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './session-queries.js';

export const INVALID_REFRESH_TOKEN = 'Invalid JWT Refresh Token';

export type SessionUser = { id: number; username: string; roles: string[] };
export type SessionOptions = {
  platformId: number;
  stayConnected: boolean;
  /** The original user while impersonating. */
  impersonatorId?: number | null;
  /** Joins an existing family (rotation, profile update); absent: a new family. */
  familyId?: string;
  /** The family's absolute expiry, never extended by a rotation. */
  expiresAt?: Date;
  /** How the session was opened (default: password); every token of the family carries it. */
  signInMethod?: SignInMethod;
};

/** Refresh tokens are only ever stored as their SHA-256 digest (hex). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

function familyExpiry(stayConnected: boolean): Date {
  const ttl = stayConnected ? REFRESH_TOKEN_TTL_SECONDS : REFRESH_TOKEN_SESSION_TTL_SECONDS;
  return new Date(Date.now() + ttl * 1000);
}

async function issue(db: DbOrTx, secret: JwtKey, user: SessionUser, options: SessionOptions): Promise<TokenPair & { id: number }> {
  const familyId = options.familyId ?? randomUUID();
  const refreshToken = newOpaqueToken();
  const signInMethod = options.signInMethod ?? 'password';
  const id = await insertRefreshToken(db, {
    userId: user.id,
    tokenHash: hashToken(refreshToken),
    familyId,
    impersonatorId: options.impersonatorId ?? null,
    platformId: options.platformId,
    stayConnected: options.stayConnected,
    expiresAt: options.expiresAt ?? familyExpiry(options.stayConnected),
    signInMethod,
  });
  const token = await signAccessToken(
    {
      sub: String(user.id),
      username: user.username,
      roles: user.roles,
      platform: options.platformId,
      family: familyId,
      ...(options.impersonatorId ? { impersonator: options.impersonatorId } : {}),
      ...(signInMethod !== 'password' ? { amr: signInMethod } : {}),
    },
    secret,
  );
  return { id, token, refresh_token: refreshToken };
}

/** A new access token and refresh token; the refresh token starts a family unless one is given. */
export async function issueTokenPair(db: DbOrTx, secret: JwtKey, user: SessionUser, options: SessionOptions): Promise<TokenPair> {
  const { token, refresh_token } = await issue(db, secret, user, options);
  return { token, refresh_token };
}

/**
 * A new pair for a signed-in session (profile update): in the caller's family when it is still
 * live, so it keeps its expiry and stay-connected choice; otherwise a new session-length family.
 */
export async function reissueForSession(
  db: Db,
  secret: JwtKey,
  user: SessionUser,
  session: { platformId: number; familyId?: string; impersonatorId?: number },
): Promise<TokenPair> {
  const family = session.familyId ? await findLiveFamily(db, session.familyId, user.id) : null;
  return issueTokenPair(db, secret, user, {
    platformId: session.platformId,
    impersonatorId: session.impersonatorId ?? null,
    stayConnected: family?.stayConnected ?? false,
    ...(family && session.familyId ? { familyId: session.familyId, expiresAt: family.expiresAt, signInMethod: family.signInMethod } : {}),
  });
}

type Rotation = { ok: true; pair: TokenPair } | { ok: false };

/**
 * Rotates a refresh token (decision record 010). In one transaction with the row locked:
 * an unused token is marked used and replaced; a token used less than the grace period ago
 * (two tabs refreshing together) gets a fresh pair in the same family; an older reuse means the
 * token leaked, so the whole family is revoked. Expired, revoked or unknown tokens are refused.
 */
export async function rotateRefreshToken(
  { db, cache }: { db: Db; cache: CacheBus },
  secret: JwtKey,
  refreshToken: string,
  platformId: number,
): Promise<TokenPair> {
  const now = new Date();
  const outcome = await db.transaction(async (tx): Promise<Rotation> => {
    const row = await lockRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= now || row.platformId !== platformId) return { ok: false };
    if (row.usedAt && now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) {
      await revokeFamily(tx, cache, row.familyId, now);
      return { ok: false };
    }
    const user = await findSessionUser(tx, row.userId, platformId);
    if (!user) return { ok: false };
    const next = await issue(tx, secret, user, {
      platformId,
      stayConnected: row.stayConnected,
      impersonatorId: row.impersonatorId,
      familyId: row.familyId,
      expiresAt: row.expiresAt,
      signInMethod: row.signInMethod,
    });
    if (!row.usedAt) await markRefreshTokenUsed(tx, row.id, next.id, now);
    return { ok: true, pair: { token: next.token, refresh_token: next.refresh_token } };
  });
  if (!outcome.ok) throw new AppError(401, INVALID_REFRESH_TOKEN);
  return outcome.pair;
}

/**
 * Ends a session on purpose (logout, leaving an impersonation): the token's whole family is
 * revoked, so neither it nor any token rotated from it can be refreshed again. Unknown tokens and
 * other platforms' tokens change nothing; the caller is not told which case it was.
 */
export async function revokeRefreshToken(
  { db, cache }: { db: Db; cache: CacheBus },
  refreshToken: string,
  platformId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, hashToken(refreshToken));
    if (row && row.platformId === platformId && !row.revokedAt) await revokeFamily(tx, cache, row.familyId);
  });
}
