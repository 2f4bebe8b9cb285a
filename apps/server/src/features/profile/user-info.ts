import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { UserInfo } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { trainingCourseManagers, trainingCourses, trainings, triads } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileLinks } from '../../services/file-links.js';
import { isTriadMember } from '../../services/triad-membership.js';
import { findProfile } from './queries.js';
import { toUser } from './service.js';
import { textRef } from '../../texts/index.js';

/**
 * What the caller is to the target, on the caller's platform: a manager of a course where the
 * target holds a place or is a secondary user, or someone who shares a triad with them.
 */
async function findRelation(db: Db, caller: Caller, targetId: number): Promise<{ manages: boolean; partner: boolean }> {
  const any = async (where: SQL) => {
    const rows = await db
      .select({ one: sql`1` })
      .from(triads)
      .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
      .innerJoin(trainings, and(eq(trainings.id, trainingCourses.trainingId), eq(trainings.platformId, caller.platformId)))
      .where(and(isTriadMember(db, triads, targetId), where))
      .limit(1);
    return rows.length > 0;
  };
  const runs = exists(
    db
      .select({ one: sql`1` })
      .from(trainingCourseManagers)
      .where(and(eq(trainingCourseManagers.trainingCourseId, triads.trainingCourseId), eq(trainingCourseManagers.userId, caller.userId))),
  );
  const [manages, partner] = await Promise.all([any(runs), any(isTriadMember(db, triads, caller.userId))]);
  return { manages, partner };
}

/**
 * GET /app/user/info/{id} (spec 1 §2.7). Ids are sequential, so the answer depends on who asks:
 * the whole profile (address, phones, parents) to the person, the managers of their courses and
 * the administrators of the platform; name, photo and role to the people who share a triad with
 * them; to anyone else a 404, as for an unknown id or a person of another platform.
 */
export async function getUserInfo(db: Db, caller: Caller, targetId: number, links: FileLinks): Promise<UserInfo> {
  const row = await findProfile(db, targetId, caller.platformId);
  if (!row) throw notFound(textRef('common.userNotFound'));
  const user = toUser(row, links);
  if (targetId === caller.userId || caller.admin) return user;
  const relation = await findRelation(db, caller, targetId);
  if (relation.manages) return user;
  if (!relation.partner) throw notFound(textRef('common.userNotFound'));
  return {
    summary: true,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    photo: user.photo,
    type: user.type,
  };
}
