import type { DbOrTx } from '../db/client.js';
import { passwordResetTokens } from '../db/schema/index.js';
import { hashToken, newOpaqueToken } from './session-tokens.js';

/**
 * How long the links a course manager sends let their user choose a password. A self-service
 * reset link lives one hour (RESET_TOKEN_TTL_SECONDS: the user just asked for it); these are read
 * later, often days after: a welcome link lives seven days, a new-password link three.
 */
export const PASSWORD_LINK_TTL_SECONDS = {
  welcome: 7 * 24 * 3600,
  newPassword: 3 * 24 * 3600,
} as const;

/** The new-password screen of the web app (spec 1 §2.5) for a token. */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/login/new-password/${token}`;
}

/**
 * A single-use link that sets the user's password (POST /app/user/reset-password/{token}): the
 * token is random and only its SHA-256 digest is stored, with its expiry and the platform it was
 * issued for (it works on that platform's hostname only). Accepts a transaction, so that the link
 * exists exactly when the mail that carries it is queued.
 */
export async function createPasswordLink(
  db: DbOrTx,
  publicUrl: string,
  link: { userId: number; platformId: number; ttlSeconds: number },
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(passwordResetTokens).values({
    userId: link.userId,
    platformId: link.platformId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + link.ttlSeconds * 1000),
  });
  return passwordLinkUrl(publicUrl, token);
}
