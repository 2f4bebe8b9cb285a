import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { loginThrottle } from '../db/schema/index.js';

/**
 * Counters kept in the database (table login_throttle) rather than in memory, so that every API
 * process behind the load balancer sees the same counts (decision 021). Keys:
 * - `pair:<address>|<name>`: failed logins of one username from one address (progressive delay);
 * - `user:<name>`: failed logins of one username from every address (progressive, higher start);
 * - `ip:<address>`: failed logins from one address on any username (a generous ceiling);
 * - `lookup:<address>`: the public account calls (username check, websites, reset request);
 * - `reset:<name>`: reset mails sent for one username.
 */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const name = (username: string) => username.trim().toLowerCase();
export const pairKey = (username: string, ip: string) => `pair:${ip}|${name(username)}`;
export const userKey = (username: string) => `user:${name(username)}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const lookupKey = (ip: string) => `lookup:${ip}`;
export const resetKey = (username: string) => `reset:${name(username)}`;
/** Reset mails are counted per hour and per username. */
export const RESET_WINDOW_SECONDS = 3600;

/** The keys a password guess for `username` from `ip` counts against: at sign-in and wherever a password is asked again. */
export const passwordKeys = (username: string, ip: string) => [pairKey(username, ip), userKey(username), addressKey(ip)];

/**
 * What reaching a count does to a key.
 * - `ceiling`: events are counted in fixed windows; the `max`-th of a window locks the key until
 *   that window ends.
 * - `progressive`: the first `free` events cost nothing, each further one locks the key for twice
 *   as long as the one before (1 s, 2 s, 4 s…, at most `maxDelaySeconds`). The window restarts
 *   with every event and with the end of its lock, so the count only falls back to zero after a
 *   whole window without an event once the lock is over: an attacker who waits out each lock and
 *   tries again stays at the longest delay.
 */
export type LockPolicy = { kind: 'ceiling'; max: number } | { kind: 'progressive'; free: number; maxDelaySeconds: number };

/** The lock of the `count`-th event under a progressive policy, in seconds (0: none). */
function progressiveDelay(count: number, free: number, maxDelaySeconds: number): number {
  if (count <= free) return 0;
  return Math.min(maxDelaySeconds, 2 ** Math.min(count - free - 1, 30));
}

/** Seconds until the latest lock among `keys` ends, or null when none is locked. */
export async function lockedFor(db: Db, keys: string[], now = new Date()): Promise<number | null> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, now)));
  const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 1000)) : null;
}

/** The lock set by an event whose count in its window is `next`, under `policy`. */
function lockExpression(
  policy: LockPolicy,
  next: ReturnType<typeof sql>,
  windowStart: ReturnType<typeof sql>,
  windowSeconds: number,
  now: Date,
) {
  if (policy.kind === 'ceiling') {
    return sql`case when ${next} >= ${policy.max} then ${windowStart} + make_interval(secs => ${windowSeconds}) else ${loginThrottle.lockedUntil} end`;
  }
  const exponent = sql`least(${next} - ${policy.free} - 1, 30)`;
  return sql`case when ${next} > ${policy.free} then ${at(now)} + make_interval(secs => least(${policy.maxDelaySeconds}, power(2, ${exponent}))) else null end`;
}

/**
 * Counts one event for `key` in one atomic upsert (concurrent failures on several processes
 * never lose a count) and returns the count in the current window; `policy` (if any) sets the
 * key's lock from that count.
 */
export async function countEvent(db: Db, key: string, windowSeconds: number, policy: LockPolicy | null, now = new Date()): Promise<number> {
  const sliding = policy?.kind === 'progressive';
  const quietSince = sliding
    ? sql`coalesce(${loginThrottle.lockedUntil}, ${loginThrottle.windowStart})`
    : sql`${loginThrottle.windowStart}`;
  const expired = sql`${quietSince} < ${at(new Date(now.getTime() - windowSeconds * 1000))}`;
  const next = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  const windowStart = sliding ? at(now) : sql`case when ${expired} then ${at(now)} else ${loginThrottle.windowStart} end`;
  const firstLock = (): Date | null => {
    if (policy === null) return null;
    if (policy.kind === 'ceiling') return policy.max <= 1 ? new Date(now.getTime() + windowSeconds * 1000) : null;
    const delay = progressiveDelay(1, policy.free, policy.maxDelaySeconds);
    return delay > 0 ? new Date(now.getTime() + delay * 1000) : null;
  };
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: firstLock() })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStart,
        ...(policy === null ? {} : { lockedUntil: lockExpression(policy, next, windowStart, windowSeconds, now) }),
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? 1;
}

export async function clearKey(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * Counts a wrong password under the keys of `passwordKeys`: a progressive delay for the username
 * at this address and for the username everywhere, a ceiling for the address (decision 021).
 */
export async function countPasswordFailure(db: Db, limits: Config['loginThrottle'], username: string, ip: string): Promise<void> {
  const delay = { kind: 'progressive', maxDelaySeconds: limits.maxDelaySeconds } as const;
  await countEvent(db, pairKey(username, ip), limits.windowSeconds, { ...delay, free: limits.freeFailures });
  await countEvent(db, userKey(username), limits.windowSeconds, { ...delay, free: limits.freeFailuresPerUser });
  await countEvent(db, addressKey(ip), limits.windowSeconds, { kind: 'ceiling', max: limits.maxFailuresPerAddress });
}
