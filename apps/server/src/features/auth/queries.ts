import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { passwordResetTokens, platforms, userPlatforms, users } from '../../db/schema/index.js';

/**
 * Usernames are unique as typed, but people type them with any case (mobile keyboards capitalise):
 * the exact spelling wins, otherwise the case-insensitive match.
 */
const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;
const exactFirst = (username: string) => desc(sql`${users.username} = ${username}`);

/** The account behind a login attempt, with whether it belongs to the request's platform. */
export async function findLoginCandidate(db: Db, username: string, platformId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      roles: users.roles,
      passwordHash: users.passwordHash,
      active: users.active,
      member: sql<boolean>`${userPlatforms.userId} is not null`,
    })
    .from(users)
    .leftJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(byUsername(username))
    .orderBy(exactFirst(username))
    .limit(1);
  return row ?? null;
}

/** An active member of the platform found by username (password reset requests). */
export async function findMemberByUsername(db: Db, username: string, platformId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(and(byUsername(username), eq(users.active, true)))
    .orderBy(exactFirst(username))
    .limit(1);
  return row ?? null;
}

/**
 * The mobile login's websites (platforms) for a username, on the request's platform only: its own
 * platform when the username is an active member of it, else none. Another platform's members
 * are not disclosed on this one's hostname.
 */
export async function listWebsites(db: Db, username: string, platformId: number) {
  return db
    .select({ id: platforms.id, name: platforms.name, hostname: platforms.hostname })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .innerJoin(platforms, eq(platforms.id, userPlatforms.platformId))
    .where(and(byUsername(username), eq(users.active, true)))
    .orderBy(exactFirst(username))
    .limit(1);
}

export async function findResetToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Uses up every outstanding password link of the user: the one just used and any other (welcome, reset). */
export async function useUpPasswordLinks(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setPasswordHash(tx: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  const now = new Date();
  await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
