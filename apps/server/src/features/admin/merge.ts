import { eq, sql, type SQL } from 'drizzle-orm';
import type { GenericActionResponse } from '@lea/shared';
import type { Tx } from '../../db/client.js';
import { emailChanges, files, passwordResetTokens, refreshTokens, users } from '../../db/schema/index.js';
import { auditWrite } from '../../generic/audit.js';
import { done } from '../../generic/envelopes.js';
import type { AdminScope } from '../../generic/types.js';
import type { AppContext } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { userReferences, type UserReference } from '../../services/user-references.js';
import { text, textRef } from '../../texts/index.js';
import { platformUser } from './account-actions.js';

const id = (name: string) => sql.identifier(name);

/**
 * Moves one reference from the merged account to the kept one. A row that would then collide with
 * one of the kept account on a unique index (both accounts in one triad's secondary users, both on
 * the platform) is the same fact twice: the merged account's copy goes first.
 */
async function moveReference(tx: Tx, reference: UserReference, keptId: number, mergedId: number): Promise<void> {
  const table = id(reference.table);
  const column = id(reference.column);
  for (const others of reference.uniques) {
    const same: SQL[] = others.map((other) => sql` and kept.${id(other)} is not distinct from merged.${id(other)}`);
    await tx.execute(sql`
      delete from ${table} as merged where merged.${column} = ${mergedId}
        and exists (select 1 from ${table} as kept where kept.${column} = ${keptId}${sql.join(same, sql``)})`);
  }
  await tx.execute(sql`update ${table} set ${column} = ${keptId} where ${column} = ${mergedId}`);
}

/**
 * POST /app/admin/user/merge: two accounts of one person become the kept one, in one transaction.
 * Every row that points to the merged account (replies, signatures and their audit, messages,
 * notes, documents, triad places, course management, files… of every table, read from the
 * catalogue's foreign keys) points to the kept one; the merged account's sessions and pending
 * links end; then it is deleted. Both accounts must be of the administrator's platform (404),
 * and the administrator cannot merge their own account away.
 */
export async function mergeUsers(ctx: AppContext, scope: AdminScope, keptId: number, mergedId: number): Promise<GenericActionResponse> {
  const kept = await platformUser(ctx, scope, keptId);
  const merged = await platformUser(ctx, scope, mergedId);
  if (merged.id === scope.caller.userId) throw badRequest(textRef('adminUsers.user.mergeSelf'));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, merged.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, merged.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, merged.id));
    for (const reference of await userReferences(tx)) await moveReference(tx, reference, kept.id, merged.id);
    // Files name their uploader without a foreign key (the quota sums them).
    await tx.update(files).set({ uploadedBy: kept.id }).where(eq(files.uploadedBy, merged.id));
    await tx.delete(users).where(eq(users.id, merged.id));
    await auditWrite(tx, scope, {
      action: 'user.merge',
      entity: 'user',
      entityId: kept.id,
      details: { merged: merged.id, mergedUsername: merged.username },
    });
  });
  // Database triggers tell the other processes (decision 041).
  for (const id of [kept.id, merged.id]) ctx.cache.forgetHere('me', id);
  return done(text(scope.locale, 'adminUsers.user.merged'), { id: kept.id });
}
