import { eq } from 'drizzle-orm';
import { MESSAGES } from '@lea/shared';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { AppContext } from '../http/context.js';
import { tooManyRequests } from '../http/errors.js';
import { countEvent, lockedFor, lookupKey } from './throttle.js';

// What every way of signing in shares (password, e-mail code or link, single sign-on).

/**
 * The public account calls (the mobile login's username check and websites, reset requests) are
 * counted per address: past the ceiling of a window they answer 429 with Retry-After, which stops
 * a client from listing a platform's usernames or mailing its members in bulk.
 */
export async function limitLookups(ctx: AppContext, ip: string): Promise<void> {
  const { db, config } = ctx;
  const key = lookupKey(ip);
  const retryAfter = await lockedFor(db, [key]);
  if (retryAfter !== null) throw tooManyRequests(MESSAGES.tooManyAttempts, retryAfter);
  await countEvent(db, key, config.loginThrottle.windowSeconds, { kind: 'ceiling', max: config.loginThrottle.maxLookupsPerAddress });
}

/** The account's last sign-in, shown to administrators. */
export async function touchLastLogin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}
