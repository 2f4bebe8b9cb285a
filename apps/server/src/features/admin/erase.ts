import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ROLE_USER, type GenericActionResponse } from '@lea/shared';
import {
  emailChanges,
  historyLog,
  mailOutbox,
  managerProfileAssignments,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../../db/schema/index.js';
import { auditWrite } from '../../generic/audit.js';
import { done } from '../../generic/envelopes.js';
import type { AdminScope } from '../../generic/types.js';
import type { AppContext } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';
import { platformUser } from './account-actions.js';

/**
 * POST /app/admin/user/erase/{id} (GDPR erasure): the account becomes a pseudonym ("Utilisateur
 * effacé" and a code derived at random, so nobody can recompute it from the id), without address,
 * phones, photo, password, sessions, pending links, mails or connection addresses, deactivated.
 * What the booklet's legal record must keep stays, pointing to the pseudonym: the replies and
 * their signatures' audit (date, digest), the notes and messages of the triads. One transaction
 * with its history line; the photo, pointed to by nothing any more, goes with the orphan files
 * (services/orphan-files.ts).
 */
export async function eraseUser(ctx: AppContext, scope: AdminScope, id: number): Promise<GenericActionResponse> {
  const user = await platformUser(ctx, scope, id);
  if (user.id === scope.caller.userId) throw badRequest(textRef('adminUsers.user.eraseSelf'));
  const code = createHash('sha256').update(randomBytes(16)).digest('hex').slice(0, 8);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    await tx.delete(managerProfileAssignments).where(eq(managerProfileAssignments.userId, user.id));
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.toAddress})`, user.email.trim().toLowerCase()));
    await tx.update(historyLog).set({ ip: null, userAgent: null }).where(eq(historyLog.userId, user.id));
    await tx
      .update(users)
      .set({
        username: `erased-${user.id}-${code}`,
        email: `erased-${user.id}-${code}@invalid.invalid`,
        passwordHash: null,
        firstName: text(RECIPIENT_LOCALE, 'adminUsers.user.pseudonym'),
        lastName: code.toUpperCase(),
        roles: [ROLE_USER],
        photoFileId: null,
        address: null,
        complement: null,
        postCode: null,
        city: null,
        phone: null,
        mobile: null,
        parentFirstName: null,
        parentLastName: null,
        active: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await auditWrite(tx, scope, { action: 'user.erase', entity: 'user', entityId: user.id, details: { pseudonym: code.toUpperCase() } });
  });
  ctx.cache.forgetHere('me', user.id); // the other processes: database triggers (decision 041)
  return done(text(scope.locale, 'adminUsers.user.erased'));
}
