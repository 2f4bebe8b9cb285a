import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginThrottle, passwordResetTokens, refreshTokens } from '../db/schema/index.js';
import type { FileStore } from './file-store.js';
import { purgeOrphanFiles } from './orphan-files.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what no longer protects anything: throttling counters whose window and lock are over,
 * refresh tokens of families past their absolute expiry (kept one more day for the reuse check's
 * audit value), and reset links expired for a day. Idempotent: several processes may run it.
 */
export async function purgeExpired(db: Db, now = new Date(), throttleWindowSeconds = 900): Promise<{ throttle: number; refreshTokens: number; resetTokens: number }> {
  const windowStart = new Date(now.getTime() - throttleWindowSeconds * 1000);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const throttle = await db
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.windowStart, windowStart), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now))))
    .returning({ key: loginThrottle.key });
  const refresh = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo)).returning({ id: refreshTokens.id });
  const reset = await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo)).returning({ id: passwordResetTokens.id });
  return { throttle: throttle.length, refreshTokens: refresh.length, resetTokens: reset.length };
}

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** Runs purgeExpired and purgeOrphanFiles now and every `intervalMs`; returns the function that stops it. */
export function startHousekeeping(db: Db, store: FileStore, log: Logger, throttleWindowSeconds: number, intervalMs = 3600 * 1000): () => void {
  const run = () =>
    purgeExpired(db, new Date(), throttleWindowSeconds)
      .then((counts) => log.info(counts, 'expired throttling counters and tokens purged'))
      .then(() => purgeOrphanFiles(db, store))
      .then((counts) => log.info(counts, 'stored files of deleted records purged'))
      .catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
