import type { DbOrTx } from '../db/client.js';
import { logHistory } from '../services/history.js';
import type { Scope } from './types.js';

/**
 * History line of a back-office write, in the write's transaction. Written while impersonating
 * (both ids kept, as every write then), or always when `always` (destroying signed records).
 */
export async function auditWrite(
  db: DbOrTx,
  scope: Scope,
  entry: { action: string; entity: string; entityId: number; details?: Record<string, unknown> },
  always = false,
): Promise<void> {
  if (scope.impersonatorId === null && !always) return;
  await logHistory(db, {
    platformId: scope.caller.platformId,
    userId: scope.caller.userId,
    impersonatorId: scope.impersonatorId,
    ...entry,
    details: { ...(scope.course ? { trainingCourseId: scope.course.id } : {}), ...entry.details },
    ip: scope.ip,
    userAgent: scope.userAgent,
  });
}
