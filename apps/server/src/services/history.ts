import type { DbOrTx } from '../db/client.js';
import { historyLog } from '../db/schema/index.js';

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
