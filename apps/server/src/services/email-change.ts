import { and, eq, isNull } from 'drizzle-orm';
import { platformBaseUrl } from './platform-url.js';
import { MESSAGES } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { emailChanges, platforms, users } from '../db/schema/index.js';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './email-change-mails.js';
import { profileTitlesOf } from './profile-titles.js';
import { logHistory } from './history.js';
import { revokeUserFamilies } from './session-queries.js';
import { hashToken, newOpaqueToken } from './session-tokens.js';

/** A confirmation link is read soon after it was asked for, but not always the same day. */
export const EMAIL_CHANGE_TTL_SECONDS = 48 * 3600;

/** The confirmation screen of the web app for a token. */
export function emailChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/login/confirm-email/${token}`;
}

/**
 * Records a pending e-mail change and queues its two mails, all in the caller's transaction: the
 * confirmation link to the new address (the change holds only once it is opened, so nobody can
 * move an account to an address they do not read) and a notice to the old one (so the owner learns
 * of a change they did not ask for). Only the latest request of a user can be confirmed. The queued
 * mails are sent by `ctx.mailer.deliverQueued()` once the transaction has committed.
 */
export async function requestEmailChange(
  tx: DbOrTx,
  ctx: AppContext,
  input: { userId: number; platformId: number; newEmail: string; requestedBy: number; locale: 'fr' | 'en' },
): Promise<void> {
  const [user] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound();
  const [platform] = await tx
    .select({ name: platforms.name, hostname: platforms.hostname })
    .from(platforms)
    .where(eq(platforms.id, input.platformId));
  const now = new Date();
  await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, input.userId), isNull(emailChanges.usedAt)));
  const token = newOpaqueToken();
  await tx.insert(emailChanges).values({
    userId: input.userId,
    platformId: input.platformId,
    requestedBy: input.requestedBy,
    oldEmail: user.email,
    newEmail: input.newEmail,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000),
  });
  const facts = {
    firstName: user.firstName,
    platformName: platform?.name ?? 'lea',
    oldEmail: user.email,
    newEmail: input.newEmail,
    link: emailChangeUrl(platformBaseUrl(ctx.config.publicUrl, platform?.hostname ?? ''), token),
  };
  const base = { platformId: input.platformId };
  const titles = (await profileTitlesOf(ctx.db, input.platformId))[input.locale];
  await ctx.mailer.queue(tx, { ...base, ...emailChangeConfirmMail(input.locale, facts), to: input.newEmail, kind: 'email-change' });
  if (user.email)
    await ctx.mailer.queue(tx, {
      ...base,
      ...emailChangeNoticeMail(input.locale, facts, titles),
      to: user.email,
      kind: 'email-change-notice',
    });
}

/**
 * Opens a confirmation link (POST /app/user/confirm-email/{token}, no sign-in needed: it is opened
 * from the mailbox). In one transaction with the pending row locked: the link is used up, the
 * account takes the new address and every session of the user is revoked (whoever held one must
 * sign in again); logged. An unknown, used, replaced or expired link, or one opened on another
 * platform's hostname, is a 404 that changes nothing.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
  meta: { platformId: number; ip: string },
): Promise<{ email: string }> {
  const now = new Date();
  const email = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.tokenHash, hashToken(token)))
      .for('update');
    if (!row || row.usedAt || row.expiresAt <= now || row.platformId !== meta.platformId) return null;
    await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, row.id));
    await tx.update(users).set({ email: row.newEmail, updatedAt: now }).where(eq(users.id, row.userId));
    await revokeUserFamilies(tx, ctx.cache, row.userId, now);
    await ctx.cache.changed('me', row.userId, tx);
    await logHistory(tx, {
      platformId: meta.platformId,
      userId: row.userId,
      action: 'user.email-confirmed',
      entity: 'user',
      entityId: row.userId,
      details: { from: row.oldEmail, to: row.newEmail },
      ip: meta.ip,
    });
    return row.newEmail;
  });
  if (email === null) throw notFound(MESSAGES.emailLinkExpired);
  return { email };
}
