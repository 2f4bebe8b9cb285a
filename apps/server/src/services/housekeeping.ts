import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginThrottle, passwordResetTokens, refreshTokens } from '../db/schema/index.js';
import type { FileStore } from './file-store.js';
import { purgeOrphanFiles } from './orphan-files.js';
import { scheduleJob, type ScheduledJob } from './scheduled-jobs.js';
import { RESET_WINDOW_SECONDS, resetKey } from './throttle.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what no longer protects anything: throttling counters quiet for a whole window since
 * their last event or the end of their lock (the count a progressive delay grows from must outlive
 * the lock; reset counters keep their hour), refresh tokens of families past their absolute expiry
 * (kept one more day for the reuse check's audit value), and reset links expired for a day.
 * Idempotent: several processes may run it (the scheduled job runs it in one at a time).
 */
export async function purgeExpired(
  db: Db,
  now = new Date(),
  throttleWindowSeconds = 900,
): Promise<{ throttle: number; refreshTokens: number; resetTokens: number }> {
  const before = (seconds: number) => sql`${new Date(now.getTime() - seconds * 1000).toISOString()}::timestamptz`;
  const quietSince = sql`coalesce(${loginThrottle.lockedUntil}, ${loginThrottle.windowStart})`;
  const resetKeys = `${resetKey('')}%`;
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const throttle = await db
    .delete(loginThrottle)
    .where(
      sql`${quietSince} < case when ${loginThrottle.key} like ${resetKeys} then ${before(RESET_WINDOW_SECONDS)} else ${before(throttleWindowSeconds)} end`,
    )
    .returning({ key: loginThrottle.key });
  const refresh = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo)).returning({ id: refreshTokens.id });
  const reset = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, dayAgo))
    .returning({ id: passwordResetTokens.id });
  return { throttle: throttle.length, refreshTokens: refresh.length, resetTokens: reset.length };
}

/**
 * Runs purgeExpired and purgeOrphanFiles now and every `intervalMs`, one process at a time across the
 * processes (scheduled-jobs.ts).
 */
export function startHousekeeping(
  db: Db,
  store: FileStore,
  log: Parameters<typeof scheduleJob>[1],
  throttleWindowSeconds: number,
  intervalMs = 3600 * 1000,
): ScheduledJob {
  return scheduleJob(db, log, {
    name: 'housekeeping',
    intervalMs,
    lockSeconds: 30 * 60,
    work: async () => ({ expired: await purgeExpired(db, new Date(), throttleWindowSeconds), files: await purgeOrphanFiles(db, store) }),
    report: (counts) => ({ obj: counts, msg: 'expired throttling counters, tokens and stored files of deleted records purged' }),
  });
}
