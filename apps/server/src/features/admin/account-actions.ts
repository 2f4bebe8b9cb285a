import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { GeneratePasswordResponse, GenericActionResponse, LastPasswordMail } from '@lea/shared';
import { mailOutbox, platforms, users } from '../../db/schema/index.js';
import { adminUserEntity } from '../../generic/entities/admin-user.js';
import { auditWrite } from '../../generic/audit.js';
import { done } from '../../generic/envelopes.js';
import { recordOf } from '../../generic/service.js';
import type { AdminScope } from '../../generic/types.js';
import type { AppContext } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { platformBaseUrl } from '../../services/platform-url.js';
import { createPasswordLink, PASSWORD_LINK_TTL_SECONDS } from '../../services/password-links.js';
import { titleOf } from '../../services/profile-titles.js';
import { text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';

/** The mails that carry a password link: the welcome mail, a new password, a self-service reset. */
const PASSWORD_MAIL_KINDS = ['welcome', 'new-password', 'reset'];

/** The account, when it is one of the admin's platform (else 404). */
export async function platformUser(ctx: AppContext, scope: AdminScope, id: number) {
  return (await recordOf(ctx.db, scope, adminUserEntity, id)) as typeof users.$inferSelect;
}

/** A password link's token is a credential: the administrator sees that a link was sent, not the link. */
const withoutTokens = (body: string) => body.replace(/(\/login\/new-password\/)[A-Za-z0-9_-]+/g, '$1…');

/**
 * GET /app/admin/user/last-password-link/{id}: the last password mail of the platform sent to the
 * account's address (subject, date, body), every field null when there is none (the web shows
 * the "no mail" notice).
 */
export async function lastPasswordMail(ctx: AppContext, scope: AdminScope, id: number): Promise<LastPasswordMail> {
  const user = await platformUser(ctx, scope, id);
  const [mail] = await ctx.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(
      and(
        eq(sql`lower(${mailOutbox.toAddress})`, user.email.trim().toLowerCase()),
        eq(mailOutbox.platformId, scope.platformId),
        inArray(mailOutbox.kind, PASSWORD_MAIL_KINDS),
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) return { subject: null, date: null, body: null };
  return { subject: mail.subject, date: mail.createdAt.toISOString(), body: withoutTokens(mail.text) };
}

/**
 * GET /app/admin/user/generate-password/{id}: mails the account a single-use link to choose a new
 * password (the new-password mail the course managers send, in the platform's language), counted
 * and logged in the same transaction; delivered once it has committed.
 */
export async function generatePassword(ctx: AppContext, scope: AdminScope, id: number): Promise<GeneratePasswordResponse> {
  const user = await platformUser(ctx, scope, id);
  if (!user.active) throw badRequest(textRef('adminUsers.user.inactive'));
  const [platform] = await ctx.db
    .select({ name: platforms.name, hostname: platforms.hostname })
    .from(platforms)
    .where(eq(platforms.id, scope.platformId));
  const baseUrl = platformBaseUrl(ctx.config.publicUrl, platform?.hostname ?? '');
  await ctx.db.transaction(async (tx) => {
    const link = await createPasswordLink(tx, baseUrl, {
      userId: user.id,
      platformId: scope.platformId,
      ttlSeconds: PASSWORD_LINK_TTL_SECONDS.newPassword,
    });
    const facts = {
      firstName: user.firstName,
      username: user.username,
      platform: platform?.name ?? 'lea',
      course: platform?.name ?? 'lea',
      link,
      loginUrl: `${baseUrl}/login`,
      manager: titleOf(scope.titles[RECIPIENT_LOCALE], 4, 'titleWithArticle'),
    };
    await ctx.mailer.queue(tx, {
      to: user.email,
      subject: text(RECIPIENT_LOCALE, 'mail.newPasswordSubject', { platform: facts.platform }),
      text: text(RECIPIENT_LOCALE, 'mail.newPasswordBody', facts),
      platformId: scope.platformId,
      kind: 'new-password',
    });
    await tx
      .update(users)
      .set({ resetCount: sql`${users.resetCount} + 1` })
      .where(eq(users.id, user.id));
    await auditWrite(tx, scope, { action: 'user.generate-password', entity: 'user', entityId: user.id });
  });
  while ((await ctx.mailer.deliverQueued()) > 0);
  return { success: true, message: text(scope.locale, 'adminUsers.user.passwordSent', { email: user.email }) };
}

/**
 * PUT /app/admin/user/active/{id}: deactivates an account (what the refused deletion offers) or
 * reactivates it. A deactivated account cannot sign in; its sessions end with its next refresh.
 */
export async function setActive(ctx: AppContext, scope: AdminScope, id: number, active: boolean): Promise<GenericActionResponse> {
  const user = await platformUser(ctx, scope, id);
  if (user.id === scope.caller.userId && !active) throw badRequest(textRef('adminUsers.user.ownRole'));
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, user.id));
    await auditWrite(tx, scope, { action: active ? 'user.reactivate' : 'user.deactivate', entity: 'user', entityId: user.id });
  });
  // Their next `user/me` answers 401 (database triggers tell the other processes, decision 041).
  ctx.cache.forgetHere('me', user.id);
  return done(text(scope.locale, active ? 'adminUsers.user.reactivated' : 'adminUsers.user.deactivated'));
}
