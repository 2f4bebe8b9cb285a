import { RESET_TOKEN_TTL_SECONDS, type Locale, type ResetPasswordResponse } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { logHistory } from '../../services/history.js';
import { validateNewPassword } from './password.js';
import { hashPassword } from '../../services/password-hash.js';
import { findMemberByUsername, findResetToken, setPasswordHash, useUpPasswordLinks } from './queries.js';
import { limitLookups } from '../../services/sign-in.js';
import { countEvent, RESET_WINDOW_SECONDS, resetKey } from '../../services/throttle.js';
import { revokeUserFamilies } from '../../services/session-queries.js';
import { createPasswordLink } from '../../services/password-links.js';
import { platformBaseUrl } from '../../services/platform-url.js';
import { hashToken } from '../../services/session-tokens.js';
import { text } from '../../texts/index.js';

/** At most this many reset mails per username and hour; further requests are answered the same but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_LINK_EXPIRED = 'reset_link_expired';

function resetMail(locale: Locale, firstName: string, platform: string, link: string) {
  return { subject: text(locale, 'mail.resetSubject', { platform }), text: text(locale, 'mail.resetBody', { firstName, platform, link }) };
}

/**
 * How long every reset request takes at least. Whether the name is known or not, the request
 * does the same lookups and the same counted write; a known one also writes its link and queues
 * its mail in one transaction. This floor hides that difference and the database's jitter, so
 * the answer's timing tells no more than its body which accounts exist.
 */
export const RESET_ANSWER_MS = 300;

const settle = (until: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));

/**
 * Sends a single-use reset link when the username belongs to an active member of the platform.
 * The caller always answers success, alike and in the same time, so the answer tells nothing
 * about which accounts exist. The mail is queued with its link and sent after the answer (a
 * slow mail server must not show in the answer time either).
 */
export async function askResetPassword(
  ctx: AppContext,
  username: string,
  request: { platform: { id: number; name: string; hostname: string }; locale: Locale; ip: string },
): Promise<void> {
  const answerAt = Date.now() + RESET_ANSWER_MS;
  await limitLookups(ctx, request.ip);
  const user = await findMemberByUsername(ctx.db, username, request.platform.id);
  const sent = await countEvent(ctx.db, resetKey(username), RESET_WINDOW_SECONDS, null);
  if (user && sent <= RESET_MAILS_PER_HOUR) {
    await ctx.db.transaction(async (tx) => {
      const link = await createPasswordLink(tx, platformBaseUrl(ctx.config.publicUrl, request.platform.hostname), {
        userId: user.id,
        platformId: request.platform.id,
        ttlSeconds: RESET_TOKEN_TTL_SECONDS,
      });
      await ctx.mailer.queue(tx, {
        to: user.email,
        platformId: request.platform.id,
        kind: 'reset',
        ...resetMail(request.locale, user.firstName, request.platform.name, link),
      });
    });
    // Not awaited; a failure leaves the mail queued for the next delivery pass (reminders job).
    ctx.mailer.deliverQueued().catch(() => undefined);
  }
  await settle(answerAt);
}

/** A link works once, before it expires, and only on the platform it was issued for. */
const isUsable = (row: { usedAt: Date | null; expiresAt: Date; platformId: number | null } | null, platformId: number) =>
  row !== null && row.platformId === platformId && row.usedAt === null && row.expiresAt > new Date();

/**
 * Sets a new password from a reset link. In one transaction: every outstanding link of the user
 * is used up (this one and any other welcome or reset link), the password changed and every
 * refresh-token family of the user revoked, which ends their sessions and access tokens; any
 * refusal changes nothing. A link of another platform is answered as an unknown one.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  meta: { platformId: number; ip: string },
): Promise<ResetPasswordResponse> {
  const tokenHash = hashToken(token);
  if (!isUsable(await findResetToken(ctx.db, tokenHash), meta.platformId)) return { hasError: true, message: RESET_LINK_EXPIRED };
  const problem = validateNewPassword(password);
  if (problem) return { hasError: true, message: problem, errors: [{ field: 'password', message: problem }] };
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    const row = await findResetToken(tx, tokenHash, true);
    if (!row || !isUsable(row, meta.platformId)) return null;
    await useUpPasswordLinks(tx, row.userId);
    await setPasswordHash(tx, row.userId, passwordHash);
    await revokeUserFamilies(tx, ctx.cache, row.userId);
    await logHistory(tx, {
      platformId: meta.platformId,
      userId: row.userId,
      action: 'password.reset',
      entity: 'user',
      entityId: row.userId,
      ip: meta.ip,
    });
    return row.userId;
  });
  if (userId === null) return { hasError: true, message: RESET_LINK_EXPIRED };
  return { hasError: false };
}
