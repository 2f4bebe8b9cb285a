import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { logHistory } from '../../services/history.js';

export type WriteMeta = { ip: string | null; userAgent: string | null; impersonatorId: number | null; locale: 'fr' | 'en' };

export function metaOf(request: FastifyRequest): WriteMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null, impersonatorId: request.auth?.impersonator ?? null, locale: request.locale };
}

/** Writes made while impersonating are logged with both users, in the write's transaction. */
export async function auditWrite(
  db: DbOrTx,
  caller: Caller,
  meta: WriteMeta,
  entry: { action: string; entityId: number; entity?: string; details?: Record<string, unknown> },
): Promise<void> {
  if (meta.impersonatorId === null) return;
  await logHistory(db, {
    platformId: caller.platformId,
    userId: caller.userId,
    impersonatorId: meta.impersonatorId,
    action: entry.action,
    entity: entry.entity ?? 'questionnaire',
    entityId: entry.entityId,
    details: entry.details,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}
