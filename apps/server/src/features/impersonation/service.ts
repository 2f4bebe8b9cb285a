import { ROLE_ADMIN, type SwitchTokens } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AccessTokenClaims } from '../../http/jwt.js';
import { logHistory } from '../../services/history.js';
import { unreachableAmong } from '../../services/manager-reach.js';
import { findSessionUser } from '../../services/session-queries.js';
import { issueTokenPair } from '../../services/session-tokens.js';
import { managesTriadMember } from './queries.js';
import { frenchTexts, textRef } from '../../texts/index.js';

export const ALREADY_IMPERSONATING = frenchTexts('manager').alreadyImpersonating;

/** Which switch was asked: the administrators' one or the course managers' one. */
export type SwitchKind = 'admin' | 'manager';
export type RequestMeta = { ip: string; userAgent?: string };

/**
 * Impersonation (spec 1 §4.1, spec 3 §6). Administrators may act as every active member of their
 * platform, course managers as the apprentice, tutors, masters and secondary users of their
 * courses' triads whom they reach (services/manager-reach.ts: someone who also belongs to a course
 * they do not run, or manages one, would open that course to them). Nobody switches to themselves
 * or to an administrator (that would hand over the whole platform), and a switched session cannot
 * switch again (one level, one way back).
 * The answer is a new session-length token family for the target carrying the caller's id, so
 * rotated tokens keep it; the switch is logged in the same transaction as the family is created.
 */
export async function switchUser(
  ctx: AppContext,
  auth: AccessTokenClaims,
  targetId: number,
  kind: SwitchKind,
  meta: RequestMeta,
): Promise<SwitchTokens> {
  if (auth.impersonator) throw forbidden(ALREADY_IMPERSONATING);
  const callerId = Number(auth.sub);
  const callerIsAdmin = auth.roles.includes(ROLE_ADMIN);
  if (kind === 'admin' && !callerIsAdmin) throw forbidden();

  const target = await findSessionUser(ctx.db, targetId, auth.platform);
  if (!target) throw notFound(textRef('common.userNotFound'));
  if (target.id === callerId || target.roles.includes(ROLE_ADMIN)) throw forbidden();
  // Administrators act as managers of every course, as everywhere else (resolveTriadAccess).
  if (kind === 'manager' && !callerIsAdmin) {
    const member = await managesTriadMember(ctx.db, { managerId: callerId, targetId: target.id, platformId: auth.platform });
    const outOfReach = await unreachableAmong(ctx.db, { userId: callerId, platformId: auth.platform, admin: false }, [target.id]);
    if (!member || outOfReach.size > 0) throw forbidden();
  }

  const pair = await ctx.db.transaction(async (tx) => {
    const issued = await issueTokenPair(tx, ctx.config.jwtSecret, target, {
      platformId: auth.platform,
      stayConnected: false,
      impersonatorId: callerId,
    });
    await logHistory(tx, {
      platformId: auth.platform,
      userId: target.id,
      impersonatorId: callerId,
      action: 'user.switch',
      entity: 'user',
      entityId: target.id,
      details: { via: kind },
      ip: meta.ip,
      userAgent: meta.userAgent ?? null,
    });
    return issued;
  });
  return { token: pair.token, refreshToken: pair.refresh_token };
}
