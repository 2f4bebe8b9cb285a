import { timingSafeEqual } from 'node:crypto';
import { MESSAGES, SIGN_IN_CODE_MAX_FAILURES, type EmailLinkResponse, type Locale, type TokenPair } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { SignInMethod } from '../../db/schema/index.js';
import type { AppContext } from '../../http/context.js';
import { tooManyRequests } from '../../http/errors.js';
import { logHistory } from '../../services/history.js';
import type { Mailer } from '../../services/mailer.js';
import { allowedSignIn, signInProfilesOf } from '../../services/sign-in-profiles.js';
import { hashToken, issueTokenPair } from '../../services/session-tokens.js';
import { codeDigest, createSignInCode, useUpCodes } from '../../services/sign-in-codes.js';
import { clearKey, countEvent, countPasswordFailure, lockedFor, pairKey, passwordKeys } from '../../services/throttle.js';
import { text } from '../../texts/index.js';
import { RESET_ANSWER_MS } from './reset-password.js';
import { limitLookups, touchLastLogin } from '../../services/sign-in.js';
import {
  countFailure,
  findCodeByLink,
  findEmailSignInMember,
  findMemberById,
  lockCodeByLink,
  lockLiveCode,
} from './email-sign-in-queries.js';

/** Codes and links mailed per account and hour; further requests are answered alike and send nothing. */
export const SIGN_IN_MAILS_PER_HOUR = 5;
const MAIL_WINDOW_SECONDS = 3600;
const mailKey = (userId: number) => `sign-in-mail:${userId}`;

type Member = NonNullable<Awaited<ReturnType<typeof findEmailSignInMember>>>;
type Platform = { id: number; name: string; hostname: string };

/** Whether the platform lets this person sign in by e-mail now (their profiles, its choices). */
async function mayUseEmail(db: DbOrTx, member: Pick<Member, 'id' | 'roles' | 'signInMethods'>, platformId: number): Promise<boolean> {
  return allowedSignIn(member.signInMethods, await signInProfilesOf(db, member, platformId)).email;
}

/** Mails a new code and link to the person, if their hour's allowance is not spent. */
async function mailCode(
  ctx: AppContext,
  member: Pick<Member, 'id' | 'email' | 'firstName'>,
  platform: Platform,
  target: string | null,
  locale: Locale,
): Promise<void> {
  const sent = await countEvent(ctx.db, mailKey(member.id), MAIL_WINDOW_SECONDS, null);
  if (sent > SIGN_IN_MAILS_PER_HOUR || member.email.trim() === '') return;
  await ctx.db.transaction(async (tx) => {
    const { code, link } = await createSignInCode(
      tx,
      { secret: ctx.config.jwtSecret, publicUrl: ctx.config.publicUrl },
      { userId: member.id, platformId: platform.id, hostname: platform.hostname, target, replace: true },
    );
    await queueCodeMail(ctx.mailer, tx, { to: member.email, firstName: member.firstName, platform, code, link, locale });
  });
  ctx.mailer.deliverQueued().catch(() => undefined);
}

async function queueCodeMail(
  mailer: Mailer,
  tx: DbOrTx,
  mail: { to: string; firstName: string; platform: Platform; code: string; link: string; locale: Locale },
): Promise<void> {
  const spaced = `${mail.code.slice(0, 3)} ${mail.code.slice(3)}`;
  await mailer.queue(tx, {
    to: mail.to,
    platformId: mail.platform.id,
    kind: 'sign-in',
    subject: text(mail.locale, 'signIn.codeSubject', { platform: mail.platform.name, code: spaced }),
    text: text(mail.locale, 'signIn.codeBody', { firstName: mail.firstName, platform: mail.platform.name, code: spaced, link: mail.link }),
  });
}

const settle = (until: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));

/**
 * A code and link asked for from the login page. Answered alike and in the same time whether the
 * name is known, allowed e-mail sign-in or over its allowance, as the password reset is: the
 * answer tells nothing of which accounts exist. Counted per address like the other public calls.
 */
export async function requestEmailSignIn(
  ctx: AppContext,
  input: { username: string; target?: string | undefined },
  request: { platform: Platform; locale: Locale; ip: string },
): Promise<void> {
  const answerAt = Date.now() + RESET_ANSWER_MS;
  await limitLookups(ctx, request.ip);
  const member = await findEmailSignInMember(ctx.db, input.username, request.platform.id);
  if (member && (await mayUseEmail(ctx.db, member, request.platform.id)))
    await mailCode(ctx, member, request.platform, input.target ?? null, request.locale);
  await settle(answerAt);
}

type SignInMeta = { platformId: number; ip: string; userAgent?: string | undefined };

/** What every successful sign-in does after its check: the history line, the last login, the session. */
async function openSession(
  ctx: AppContext,
  member: Pick<Member, 'id' | 'username' | 'roles'>,
  method: SignInMethod,
  meta: SignInMeta,
  stayConnected: boolean,
): Promise<TokenPair> {
  await touchLastLogin(ctx.db, member.id);
  await logHistory(ctx.db, {
    platformId: meta.platformId,
    userId: member.id,
    action: 'user.login',
    details: { method },
    ip: meta.ip,
    userAgent: meta.userAgent ?? null,
  });
  return issueTokenPair(ctx.db, ctx.config.jwtSecret, member, { platformId: meta.platformId, stayConnected, signInMethod: method });
}

/**
 * Signs in with the 6-digit code. Guesses are held back like passwords (the same counters per
 * name and address, decision 021), and a code dies after SIGN_IN_CODE_MAX_FAILURES wrong tries:
 * with 10^6 codes, a guesser cannot come close. Every refusal looks the same.
 */
export async function signInWithCode(
  ctx: AppContext,
  input: { username: string; code: string; stayConnected?: boolean | undefined },
  meta: SignInMeta,
): Promise<{ ok: true; pair: TokenPair } | { ok: false }> {
  const { db, config } = ctx;
  const retryAfter = await lockedFor(db, passwordKeys(input.username, meta.ip));
  if (retryAfter !== null) throw tooManyRequests(MESSAGES.tooManyAttempts, retryAfter);
  const member = await findEmailSignInMember(db, input.username, meta.platformId);
  const allowed = member !== null && (await mayUseEmail(db, member, meta.platformId));
  const matched =
    allowed &&
    (await db.transaction(async (tx) => {
      const now = new Date();
      const row = await lockLiveCode(tx, member.id, meta.platformId, now);
      if (!row) return false;
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(codeDigest(config.jwtSecret, row.linkHash, input.code), 'hex');
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        await useUpCodes(tx, member.id, meta.platformId, now);
        return true;
      }
      const failures = row.failures + 1;
      await countFailure(tx, row.id, failures, failures >= SIGN_IN_CODE_MAX_FAILURES, now);
      return false;
    }));
  if (!matched || !member) {
    await countPasswordFailure(db, config.loginThrottle, input.username, meta.ip);
    return { ok: false };
  }
  await clearKey(db, pairKey(input.username, meta.ip));
  return { ok: true, pair: await openSession(ctx, member, 'email-code', meta, input.stayConnected ?? false) };
}

/**
 * Signs in with the link of the mail (POST, so that a mail scanner fetching the page uses
 * nothing). Used, expired or of a member no longer allowed: refused; a used or expired link of
 * this platform answers `expired`, and the page offers to mail a new one.
 */
export async function signInWithLink(ctx: AppContext, token: string, meta: SignInMeta): Promise<EmailLinkResponse> {
  await limitLookups(ctx, meta.ip);
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const row = await lockCodeByLink(tx, hashToken(token));
    if (!row || row.platformId !== meta.platformId) return { reason: 'invalid' as const };
    if (row.usedAt !== null || row.expiresAt <= now) return { reason: 'expired' as const };
    const member = await findMemberById(tx, row.userId, meta.platformId);
    if (!member || !(await mayUseEmail(tx, member, meta.platformId))) return { reason: 'invalid' as const };
    await useUpCodes(tx, member.id, meta.platformId, now);
    return { member, target: row.target };
  });
  if ('reason' in outcome) return { success: false, reason: outcome.reason };
  const pair = await openSession(ctx, outcome.member, 'email-link', meta, false);
  return { success: true, ...pair, target: outcome.target };
}

/**
 * A new link in place of a used or expired one (a reminder read the next day): mailed to the
 * account the old link was for, with the same landing page, within the account's allowance.
 * Answered alike whatever happened.
 */
export async function renewEmailLink(
  ctx: AppContext,
  token: string,
  request: { platform: Platform; locale: Locale; ip: string },
): Promise<void> {
  const answerAt = Date.now() + RESET_ANSWER_MS;
  await limitLookups(ctx, request.ip);
  const row = await findCodeByLink(ctx.db, hashToken(token));
  if (row && row.platformId === request.platform.id) {
    const member = await findMemberById(ctx.db, row.userId, request.platform.id);
    if (member && (await mayUseEmail(ctx.db, member, request.platform.id)))
      await mailCode(ctx, member, request.platform, row.target, request.locale);
  }
  await settle(answerAt);
}
