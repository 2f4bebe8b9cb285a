import { and, eq, isNull, sql } from 'drizzle-orm';
// Refresh-token rows and the session user: what issuing, rotating and checking a token pair needs.
import type { Db, DbOrTx } from '../db/client.js';
import { refreshTokens, userPlatforms, users } from '../db/schema/index.js';
import type { CacheBus } from './shared-cache.js';

export async function findSessionUser(db: DbOrTx, userId: number, platformId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, roles: users.roles, email: users.email })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

export async function insertRefreshToken(db: DbOrTx, values: typeof refreshTokens.$inferInsert) {
  const [row] = await db.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
  return row!.id;
}

export async function lockRefreshToken(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row ?? null;
}

export async function markRefreshTokenUsed(tx: DbOrTx, id: number, replacedById: number, usedAt: Date): Promise<void> {
  await tx.update(refreshTokens).set({ usedAt, replacedById }).where(eq(refreshTokens.id, id));
}

/** Sessions whose liveness a process remembers (decision 033): one entry per signed-in session. */
const SESSION_CACHE_MAX = 20_000;

/** Revokes a session; every process forgets what it knew of it when the transaction commits. */
export async function revokeFamily(db: DbOrTx, cache: CacheBus, familyId: string, at = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await cache.changed('session', familyId, db);
}

/** Revokes every session of a user (password reset, e-mail change). */
export async function revokeUserFamilies(db: DbOrTx, cache: CacheBus, userId: number, at = new Date()): Promise<void> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  for (const familyId of new Set(revoked.map((row) => row.familyId))) await cache.changed('session', familyId, db);
}

function buildLiveFamilyQuery(db: Db) {
  return db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt)))
    .limit(1)
    .prepare('family_is_live');
}

/** Prepared once per database: it runs on every signed-in request. */
const liveFamilyQueries = new WeakMap<Db, ReturnType<typeof buildLiveFamilyQuery>>();

/**
 * Whether a session (refresh-token family) has not been revoked: logout, a password reset or
 * change, an e-mail change and a detected token reuse revoke it, and its access tokens stop
 * with it. One lookup on the family index, remembered by the process until a revocation says
 * otherwise (revokeFamily, revokeUserFamilies: through the cache bus, in every process).
 */
export async function isFamilyLive(db: Db, cache: CacheBus, familyId: string): Promise<boolean> {
  return cache.cache<boolean>('session', SESSION_CACHE_MAX).get(familyId, async () => {
    let query = liveFamilyQueries.get(db);
    if (!query) {
      query = buildLiveFamilyQuery(db);
      liveFamilyQueries.set(db, query);
    }
    return (await query.execute({ familyId })).length > 0;
  });
}

export async function findLiveFamily(db: DbOrTx, familyId: string, userId: number) {
  const [row] = await db
    .select({ expiresAt: refreshTokens.expiresAt, stayConnected: refreshTokens.stayConnected, signInMethod: refreshTokens.signInMethod })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row && row.expiresAt > new Date() ? row : null;
}
