import { RESET_TOKEN_TTL_SECONDS, type ResetPasswordResponse } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { logHistory } from '../../services/history.js';
import { hashPassword, validateNewPassword } from './password.js';
import { findMemberByUsername, findResetToken, markResetTokenUsed, setPasswordHash } from './queries.js';
import { countEvent, resetKey } from './throttle.js';
import { revokeUserFamilies } from '../../services/session-queries.js';
import { createPasswordLink } from '../../services/password-links.js';
import { hashToken } from '../../services/session-tokens.js';

/** At most this many reset mails per username and hour; further requests are answered the same but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_LINK_EXPIRED = 'reset_link_expired';

type Locale = 'fr' | 'en';

function resetMail(locale: Locale, firstName: string, platformName: string, link: string) {
  if (locale === 'en') {
    return {
      subject: `${platformName}: reset your password`,
      text: [
        `Hello ${firstName},`,
        '',
        `A password reset was requested for your ${platformName} account.`,
        'To choose a new password, open this link (valid for one hour):',
        link,
        '',
        'If you did not ask for it, ignore this message: your password stays unchanged.',
      ].join('\n'),
    };
  }
  return {
    subject: `${platformName} : réinitialisation de votre mot de passe`,
    text: [
      `Bonjour ${firstName},`,
      '',
      `Une réinitialisation du mot de passe de votre compte ${platformName} a été demandée.`,
      'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :',
      link,
      '',
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ].join('\n'),
  };
}

/**
 * Sends a single-use reset link when the username belongs to an active member of the platform.
 * The caller always answers success, so the answer tells nothing about which accounts exist.
 */
export async function askResetPassword(
  ctx: AppContext,
  username: string,
  request: { platform: { id: number; name: string }; locale: Locale },
): Promise<void> {
  const user = await findMemberByUsername(ctx.db, username, request.platform.id);
  if (!user) return;
  // Counted for existing accounts only, so that made-up names leave no rows behind.
  if ((await countEvent(ctx.db, resetKey(user.username), 3600, null)) > RESET_MAILS_PER_HOUR) return;
  const link = await createPasswordLink(ctx.db, ctx.config.publicUrl, user.id, RESET_TOKEN_TTL_SECONDS);
  await ctx.mailer.send({ to: user.email, platformId: request.platform.id, kind: 'reset', ...resetMail(request.locale, user.firstName, request.platform.name, link) });
}

const isUsable = (row: { usedAt: Date | null; expiresAt: Date } | null) => row !== null && row.usedAt === null && row.expiresAt > new Date();

/**
 * Sets a new password from a reset link. The token is used up, the password changed and every
 * refresh-token family of the user revoked in one transaction; any refusal changes nothing.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string, meta: { platformId: number; ip: string }): Promise<ResetPasswordResponse> {
  const tokenHash = hashToken(token);
  if (!isUsable(await findResetToken(ctx.db, tokenHash))) return { hasError: true, message: RESET_LINK_EXPIRED };
  const problem = validateNewPassword(password);
  if (problem) return { hasError: true, message: problem, errors: [{ field: 'password', message: problem }] };
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    const row = await findResetToken(tx, tokenHash, true);
    if (!row || !isUsable(row)) return null;
    await markResetTokenUsed(tx, row.id);
    await setPasswordHash(tx, row.userId, passwordHash);
    await revokeUserFamilies(tx, row.userId);
    await logHistory(tx, { platformId: meta.platformId, userId: row.userId, action: 'password.reset', entity: 'user', entityId: row.userId, ip: meta.ip });
    return row.userId;
  });
  if (userId === null) return { hasError: true, message: RESET_LINK_EXPIRED };
  return { hasError: false };
}
