import { and, desc, eq } from 'drizzle-orm';
import type { DataAgreementStatus } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { dataAgreementAcceptances, dataAgreementVersions, platforms, type DataAgreementText } from '../db/schema/index.js';

/** The platform's latest published version, if any. */
export async function latestDataAgreement(db: DbOrTx, platformId: number) {
  const [row] = await db
    .select()
    .from(dataAgreementVersions)
    .where(eq(dataAgreementVersions.platformId, platformId))
    .orderBy(desc(dataAgreementVersions.version))
    .limit(1);
  return row ?? null;
}

/**
 * Publishes a new version of the platform's data agreement (issue 13 §5): every user, the
 * publisher included, is asked to accept it at their next sign-in. Runs in the save's transaction;
 * the platform's row lock serialises two publications, so version numbers never collide.
 */
export async function publishDataAgreement(
  tx: DbOrTx,
  platformId: number,
  publishedBy: number,
  texts: DataAgreementText[],
): Promise<number> {
  await tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, platformId)).for('update');
  const latest = await latestDataAgreement(tx, platformId);
  const version = (latest?.version ?? 0) + 1;
  await tx.insert(dataAgreementVersions).values({ platformId, version, texts, publishedBy });
  return version;
}

/** What the signed-in user still has to accept: the latest version, unless they accepted it. */
export async function dataAgreementStatus(db: DbOrTx, platformId: number, userId: number): Promise<DataAgreementStatus> {
  const latest = await latestDataAgreement(db, platformId);
  if (!latest) return { pending: null };
  const [accepted] = await db
    .select({ at: dataAgreementAcceptances.acceptedAt })
    .from(dataAgreementAcceptances)
    .where(and(eq(dataAgreementAcceptances.versionId, latest.id), eq(dataAgreementAcceptances.userId, userId)))
    .limit(1);
  if (accepted) return { pending: null };
  return { pending: { version: latest.version, publishedAt: latest.publishedAt.toISOString(), texts: latest.texts } };
}

/**
 * Records the user's acceptance of `version`, with the date and the address it came from. Only
 * the latest version can be accepted (an older one answers false: the screen reloads the latest).
 */
export async function acceptDataAgreement(
  db: DbOrTx,
  input: { platformId: number; userId: number; version: number; ip: string | null; userAgent: string | null },
): Promise<boolean> {
  const latest = await latestDataAgreement(db, input.platformId);
  if (!latest || latest.version !== input.version) return false;
  await db
    .insert(dataAgreementAcceptances)
    .values({ versionId: latest.id, userId: input.userId, ip: input.ip, userAgent: input.userAgent })
    .onConflictDoNothing();
  return true;
}
