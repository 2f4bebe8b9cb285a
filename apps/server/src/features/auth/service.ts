import { MESSAGES, type LoginRequest, type TokenPair } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { tooManyRequests } from '../../http/errors.js';
import { verifyPassword } from './password.js';
import { findLoginCandidate, touchLastLogin } from './queries.js';
import { addressKey, clearKey, countEvent, lockedFor, userKey } from './throttle.js';
import { issueTokenPair } from '../../services/session-tokens.js';

export type LoginResult = { ok: true; pair: TokenPair } | { ok: false };

/**
 * Checks credentials on the request's platform. Every refusal (unknown user, wrong password,
 * inactive account, account of another platform) looks the same and takes as long: the password
 * is always verified, against a dummy hash when there is no account. Failures are counted per
 * username and per address; past the limit the caller gets a 429 until the lock ends.
 */
export async function login(ctx: AppContext, input: LoginRequest, request: { platformId: number; ip: string }): Promise<LoginResult> {
  const { db, config } = ctx;
  const limits = config.loginThrottle;
  const keys = { user: userKey(input.username), address: addressKey(request.ip) };
  const retryAfter = await lockedFor(db, [keys.user, keys.address]);
  if (retryAfter !== null) throw tooManyRequests(MESSAGES.tooManyAttempts, retryAfter);

  const candidate = await findLoginCandidate(db, input.username, request.platformId);
  const usable = candidate !== null && candidate.active && candidate.member;
  const passwordOk = await verifyPassword(usable ? candidate.passwordHash : null, input.password);
  if (!usable || !passwordOk) {
    await countEvent(db, keys.user, limits.windowSeconds, limits.maxFailuresPerUser);
    await countEvent(db, keys.address, limits.windowSeconds, limits.maxFailuresPerAddress);
    return { ok: false };
  }
  await clearKey(db, keys.user);
  await touchLastLogin(db, candidate.id);
  const pair = await issueTokenPair(db, config.jwtSecret, candidate, {
    platformId: request.platformId,
    stayConnected: input.stayConnected ?? false,
  });
  return { ok: true, pair };
}
