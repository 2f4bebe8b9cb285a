import type { DbOrTx } from '../db/client.js';
import { historyLog } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';
import type { RequestMeta } from '../http/write-meta.js';

export type HistoryEntry = Omit<typeof historyLog.$inferInsert, 'id' | 'createdAt'>;

/**
 * Writes one line of the history log: impersonation switches, writes made while impersonating
 * (both ids kept) and security events. Accepts a transaction so the line commits with the change.
 */
export async function logHistory(db: DbOrTx, entry: HistoryEntry): Promise<void> {
  await db.insert(historyLog).values({
    ...entry,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, 512) : entry.userAgent,
    ip: entry.ip ? entry.ip.slice(0, 64) : entry.ip,
  });
}

/**
 * The history line of a write, in the write's transaction: written while the caller impersonates
 * someone (both ids kept), or always when `always` (destroying signed records, for instance).
 */
export async function logImpersonatedWrite(
  db: DbOrTx,
  caller: Pick<Caller, 'platformId' | 'userId'>,
  meta: RequestMeta,
  entry: { action: string; entity: string; entityId: number; details?: Record<string, unknown> },
  always = false,
): Promise<void> {
  if (meta.impersonatorId === null && !always) return;
  await logHistory(db, {
    platformId: caller.platformId,
    userId: caller.userId,
    impersonatorId: meta.impersonatorId,
    ...entry,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}
