import type { DbOrTx } from '../db/client.js';
import { historyLog } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';
import type { RequestMeta } from '../http/write-meta.js';

export type HistoryEntry = Omit<typeof historyLog.$inferInsert, 'id' | 'createdAt'>;

/**
 * Writes one line of the history log: impersonation switches, back-office writes, front-office
 * writes made while impersonating (both ids kept) and security events. Accepts a transaction so
 * the line commits with the change.
 */
export async function logHistory(db: DbOrTx, entry: HistoryEntry): Promise<void> {
  await db.insert(historyLog).values({
    ...entry,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, 512) : entry.userAgent,
    ip: entry.ip ? entry.ip.slice(0, 64) : entry.ip,
  });
}

type Writer = Pick<Caller, 'platformId' | 'userId'>;
/** What was written: the action, the entity and its id, and details (never secret values). */
type WriteEntry = { action: string; entity: string; entityId: number; details?: Record<string, unknown> };

/**
 * The history line of a back-office write (manager and administrator areas, impersonation
 * included), in the write's transaction: who (both ids while impersonating), from where and what.
 * Always written: the back offices act on other people's data.
 */
export async function logBackOfficeWrite(db: DbOrTx, caller: Writer, meta: RequestMeta, entry: WriteEntry): Promise<void> {
  await logHistory(db, {
    platformId: caller.platformId,
    userId: caller.userId,
    impersonatorId: meta.impersonatorId,
    ...entry,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}

/**
 * The history line of a front-office write (a member's own booklet), written only while the caller
 * impersonates someone: what an administrator or a manager did as someone else stays known.
 */
export async function logImpersonatedWrite(db: DbOrTx, caller: Writer, meta: RequestMeta, entry: WriteEntry): Promise<void> {
  if (meta.impersonatorId === null) return;
  await logBackOfficeWrite(db, caller, meta, entry);
}
