import type { DbOrTx } from '../db/client.js';
import { logImpersonatedWrite } from '../services/history.js';
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
  const details = { ...(scope.course ? { trainingCourseId: scope.course.id } : {}), ...entry.details };
  await logImpersonatedWrite(db, scope.caller, scope, { ...entry, details }, always);
}
