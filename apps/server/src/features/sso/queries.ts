import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oidcLogins, oidcProviders, platforms, userIdentities, userPlatforms, users } from '../../db/schema/index.js';

export type Provider = typeof oidcProviders.$inferSelect;
export type LoginRow = typeof oidcLogins.$inferSelect;

/** The platform's active providers, for the login page. */
export async function listActiveProviders(db: DbOrTx, platformId: number) {
  return db
    .select({ id: oidcProviders.id, label: oidcProviders.label })
    .from(oidcProviders)
    .where(and(eq(oidcProviders.platformId, platformId), eq(oidcProviders.active, true)))
    .orderBy(asc(oidcProviders.label), asc(oidcProviders.id));
}

/** An active provider of the platform, or null (another platform's, inactive or unknown alike). */
export async function findActiveProvider(db: DbOrTx, id: number, platformId: number): Promise<Provider | null> {
  const [row] = await db
    .select()
    .from(oidcProviders)
    .where(and(eq(oidcProviders.id, id), eq(oidcProviders.platformId, platformId), eq(oidcProviders.active, true)))
    .limit(1);
  return row ?? null;
}

export async function insertLogin(db: DbOrTx, row: typeof oidcLogins.$inferInsert): Promise<void> {
  await db.insert(oidcLogins).values(row);
}

/** Takes a login row away (single use on every server process: one delete wins), or null. */
export async function takeLogin(db: DbOrTx, stateHash: string): Promise<LoginRow | null> {
  const [row] = await db.delete(oidcLogins).where(eq(oidcLogins.stateHash, stateHash)).returning();
  return row ?? null;
}

/** Rows past their time (abandoned logins, unused tickets): removed as new ones are written. */
export async function deleteExpiredLogins(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
}

/** The account of a user id when it is active and a member of the platform. */
export async function findAccount(db: DbOrTx, userId: number, platformId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, roles: users.roles })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/** The active members of the platform with this e-mail address (case-insensitive): at most two are read. */
export async function findMembersByEmail(db: DbOrTx, email: string, platformId: number) {
  return db
    .select({ id: users.id, username: users.username, roles: users.roles })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.active, true)))
    .limit(2);
}

/** The active member of the platform whose username is exactly `username`. */
export async function findMemberByUsername(db: DbOrTx, username: string, platformId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, roles: users.roles })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .where(and(eq(users.username, username), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/** The identity a provider's subject is linked to. */
export async function findIdentity(db: DbOrTx, providerId: number, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.providerId, providerId), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** The identity an account already holds at a provider (one per account and provider). */
export async function findIdentityOfUser(db: DbOrTx, providerId: number, userId: number) {
  const [row] = await db
    .select({ id: userIdentities.id, subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.providerId, providerId), eq(userIdentities.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Links the subject to the account; false when another sign-in linked it meanwhile. */
export async function insertIdentity(db: DbOrTx, row: typeof userIdentities.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(userIdentities).values(row).onConflictDoNothing().returning({ id: userIdentities.id });
  return inserted.length > 0;
}

export async function touchIdentity(db: DbOrTx, id: number, email: string | null, now: Date): Promise<void> {
  await db.update(userIdentities).set({ lastUsedAt: now, email }).where(eq(userIdentities.id, id));
}

/** The platform's choice of sign-in methods per profile (as stored; the defaults fill the rest). */
export async function findSignInChoices(db: DbOrTx, platformId: number) {
  const [row] = await db.select({ choices: platforms.signInMethods }).from(platforms).where(eq(platforms.id, platformId)).limit(1);
  return row?.choices ?? null;
}
