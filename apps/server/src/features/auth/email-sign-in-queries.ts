import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { platforms, signInCodes, userPlatforms, users } from '../../db/schema/index.js';

const memberColumns = {
  id: users.id,
  username: users.username,
  roles: users.roles,
  email: users.email,
  firstName: users.firstName,
  signInMethods: platforms.signInMethods,
};

/**
 * The active member of the platform a person names on the e-mail sign-in form: by username (the
 * exact spelling first, then any case), else by e-mail address when exactly one member has it.
 */
export async function findEmailSignInMember(db: DbOrTx, identifier: string, platformId: number) {
  const members = () =>
    db
      .select(memberColumns)
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
      .innerJoin(platforms, eq(platforms.id, userPlatforms.platformId));
  const [byName] = await members()
    .where(and(sql`lower(${users.username}) = lower(${identifier})`, eq(users.active, true)))
    .orderBy(desc(sql`${users.username} = ${identifier}`))
    .limit(1);
  if (byName) return byName;
  const byEmail = await members()
    .where(and(sql`lower(${users.email}) = lower(${identifier})`, eq(users.active, true)))
    .limit(2);
  return byEmail.length === 1 ? byEmail[0]! : null;
}

/** The member behind a code row, if still an active member of the platform. */
export async function findMemberById(db: DbOrTx, userId: number, platformId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, platformId)))
    .innerJoin(platforms, eq(platforms.id, userPlatforms.platformId))
    .where(and(eq(users.id, userId), eq(users.active, true)));
  return row ?? null;
}

/** The person's live code on the platform (the latest, unused, unexpired), locked for the check. */
export async function lockLiveCode(tx: DbOrTx, userId: number, platformId: number, now: Date) {
  const [row] = await tx
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.userId, userId),
        eq(signInCodes.platformId, platformId),
        isNull(signInCodes.usedAt),
        gt(signInCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(signInCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findCodeByLink(db: DbOrTx, linkHash: string) {
  const [row] = await db.select().from(signInCodes).where(eq(signInCodes.linkHash, linkHash));
  return row ?? null;
}

export async function lockCodeByLink(tx: DbOrTx, linkHash: string) {
  const [row] = await tx.select().from(signInCodes).where(eq(signInCodes.linkHash, linkHash)).for('update');
  return row ?? null;
}

export async function countFailure(tx: DbOrTx, id: number, failures: number, dead: boolean, now: Date): Promise<void> {
  await tx
    .update(signInCodes)
    .set({ failures, ...(dead ? { usedAt: now } : {}) })
    .where(eq(signInCodes.id, id));
}
