import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginThrottle } from '../../db/schema/index.js';

/**
 * Counters kept in the database (table login_throttle) rather than in memory, so that every API
 * process behind the load balancer sees the same counts. A key is `user:<name>`, `ip:<address>`
 * or `reset:<name>`; each counts events in a fixed window.
 */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export const userKey = (username: string) => `user:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const resetKey = (username: string) => `reset:${username.trim().toLowerCase()}`;

/** Seconds until the latest lock among `keys` ends, or null when none is locked. */
export async function lockedFor(db: Db, keys: string[], now = new Date()): Promise<number | null> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, now)));
  const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 1000)) : null;
}

/**
 * Counts one event for `key` in one atomic upsert and returns the count in the current window.
 * When the count reaches `lockAt` (if given), the key stays locked for one window from now.
 */
export async function countEvent(db: Db, key: string, windowSeconds: number, lockAt: number | null, now = new Date()): Promise<number> {
  const expired = sql`${loginThrottle.windowStart} < ${at(new Date(now.getTime() - windowSeconds * 1000))}`;
  const next = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  const lockUntil = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: lockAt !== null && lockAt <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStart: sql`case when ${expired} then ${at(now)} else ${loginThrottle.windowStart} end`,
        ...(lockAt === null
          ? {}
          : { lockedUntil: sql`case when ${next} >= ${lockAt} then ${at(lockUntil)} else ${loginThrottle.lockedUntil} end` }),
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? 1;
}

export async function clearKey(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
