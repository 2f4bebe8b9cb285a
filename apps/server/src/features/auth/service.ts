import { MESSAGES, type LoginRequest, type TokenPair } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { tooManyRequests } from '../../http/errors.js';
import { verifyPassword } from '../../services/password-hash.js';
import { findLoginCandidate } from './queries.js';
import { touchLastLogin } from '../../services/sign-in.js';
import { clearKey, countPasswordFailure, lockedFor, pairKey, passwordKeys } from '../../services/throttle.js';
import { issueTokenPair } from '../../services/session-tokens.js';
import { logHistory } from '../../services/history.js';
import { passwordAllowed } from '../../services/sign-in-profiles.js';

export type LoginResult = { ok: true; pair: TokenPair } | { ok: false; passwordNotAllowed?: true };

/**
 * Checks credentials on the request's platform. Every refusal (unknown user, wrong password,
 * inactive account, account of another platform) looks the same and takes as long: the password
 * is always verified, against a dummy hash when there is no account. Failures are counted per
 * (username, address), per username and per address (decision 021): the first two slow down
 * progressively, so a guesser at one address is held back while the owner still signs in from
 * elsewhere; the third is a ceiling generous enough for a school behind one address. While a key
 * is locked the caller gets a 429 with Retry-After, and the attempt is not even checked.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  request: { platformId: number; ip: string; userAgent?: string | undefined },
): Promise<LoginResult> {
  const { db, config } = ctx;
  const retryAfter = await lockedFor(db, passwordKeys(input.username, request.ip));
  if (retryAfter !== null) throw tooManyRequests(MESSAGES.tooManyAttempts, retryAfter);

  const candidate = await findLoginCandidate(db, input.username, request.platformId);
  const usable = candidate !== null && candidate.active && candidate.member;
  const passwordOk = await verifyPassword(usable ? candidate.passwordHash : null, input.password);
  if (!usable || !passwordOk) {
    await countPasswordFailure(db, config.loginThrottle, input.username, request.ip);
    return { ok: false };
  }
  // Only this address's count: a success elsewhere must not let a distributed guesser start afresh.
  await clearKey(db, pairKey(input.username, request.ip));
  // The platform may keep this person to e-mail sign-in (issue 20 §1): said only once the password is right.
  if (!(await passwordAllowed(db, candidate, request.platformId))) return { ok: false, passwordNotAllowed: true };
  await touchLastLogin(db, candidate.id);
  // The connection history (admin and course): who signed in, when, from which address and browser.
  await logHistory(db, {
    platformId: request.platformId,
    userId: candidate.id,
    action: 'user.login',
    ip: request.ip,
    userAgent: request.userAgent ?? null,
  });
  const pair = await issueTokenPair(db, config.jwtSecret, candidate, {
    platformId: request.platformId,
    stayConnected: input.stayConnected ?? false,
  });
  return { ok: true, pair };
}
