import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { logHistory } from '../../services/history.js';

/** Where a write comes from: kept with signatures, and in the history log while impersonating. */
export type RequestMeta = { ip: string | null; userAgent: string | null; impersonatorId: number | null };

/** A write made while impersonating is logged with both ids, in the write's transaction. */
export async function logImpersonated(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  entry: { action: string; entity: string; entityId: number; details?: Record<string, unknown> },
): Promise<void> {
  if (meta.impersonatorId === null) return;
  await logHistory(db, {
    platformId: caller.platformId,
    userId: caller.userId,
    impersonatorId: meta.impersonatorId,
    ...entry,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}
