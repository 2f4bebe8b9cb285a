import { createHmac, randomInt, type KeyObject } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SIGN_IN_CODE_TTL_SECONDS } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { signInCodes } from '../db/schema/index.js';
import { platformBaseUrl } from './platform-url.js';
import { hashToken, newOpaqueToken } from './session-tokens.js';

/**
 * Sign-in codes and links (issue 20 §1): made here for the login page's requests and for the
 * reminders' links; checked by features/auth/email-sign-in.ts.
 */

/** The code's digest: an HMAC with the server's secret, so that a copy of the table cannot be tried offline. */
export function codeDigest(secret: KeyObject, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

export function signInLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/login/email/${token}`;
}

/** Ends every outstanding code and link of the person on the platform (a new one replaces them; one was used). */
export async function useUpCodes(tx: DbOrTx, userId: number, platformId: number, now: Date): Promise<void> {
  await tx
    .update(signInCodes)
    .set({ usedAt: now })
    .where(and(eq(signInCodes.userId, userId), eq(signInCodes.platformId, platformId), isNull(signInCodes.usedAt)));
}

/**
 * A new code and link for the person on the platform, in the caller's transaction (the mail that
 * carries them is queued in the same one). `replace` ends their earlier codes (a request by the
 * person); a reminder's link leaves a code they just asked for alive.
 */
export async function createSignInCode(
  tx: DbOrTx,
  deps: { secret: KeyObject; publicUrl: string },
  grant: { userId: number; platformId: number; hostname: string; target: string | null; replace: boolean; now?: Date },
): Promise<{ code: string; link: string }> {
  const now = grant.now ?? new Date();
  if (grant.replace) await useUpCodes(tx, grant.userId, grant.platformId, now);
  const token = newOpaqueToken();
  const linkHash = hashToken(token);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(signInCodes).values({
    userId: grant.userId,
    platformId: grant.platformId,
    linkHash,
    codeHash: codeDigest(deps.secret, linkHash, code),
    target: grant.target,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000),
  });
  return { code, link: signInLinkUrl(platformBaseUrl(deps.publicUrl, grant.hostname), token) };
}
