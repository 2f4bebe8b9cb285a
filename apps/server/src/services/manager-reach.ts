import { and, eq, exists, inArray, isNull, not, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLE_ADMIN } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { trainingCourseManagers, triads, triadUsers, userPlatforms, users } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';

/**
 * The one reach rule of the back offices (issue 10, docs/security.md): whom a caller may
 * impersonate, rename, give a new e-mail, send account mails to, or attach to a triad.
 *
 * - An administrator reaches every person of their platform.
 * - A course manager reaches a person of their platform who is neither an administrator nor a
 *   manager (of any course), and whose every membership (one of the six places of a triad, or a
 *   secondary user) lies in a course that manager runs. Otherwise a manager of course 1 could take
 *   over someone who also belongs to course 2, and through them course 2.
 * - A person with no membership at all is reached only while they have never signed in: an account
 *   just created (the manager's "add user"), waiting for its first triad. An account that was used
 *   and left every triad is nobody's to take.
 *
 * Written as a condition on the `users` row so that lists and searches filter in the database.
 */
export function reachableBy(db: DbOrTx, caller: Caller): SQL {
  const onPlatform = exists(
    db
      .select({ one: sql`1` })
      .from(userPlatforms)
      .where(and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, caller.platformId))),
  );
  if (caller.admin) return onPlatform;
  const runCourses = db
    .select({ id: trainingCourseManagers.trainingCourseId })
    .from(trainingCourseManagers)
    .where(eq(trainingCourseManagers.userId, caller.userId));
  return and(
    onPlatform,
    not(sql`${users.roles} @> ${JSON.stringify([ROLE_ADMIN])}::jsonb`),
    sql`${users.type} is distinct from 'lea_manager'`,
    notExists(
      db
        .select({ one: sql`1` })
        .from(trainingCourseManagers)
        .where(eq(trainingCourseManagers.userId, users.id)),
    ),
    not(hasMembership(db, (course) => notInArray(course, runCourses))),
    or(
      hasMembership(db, (course) => inArray(course, runCourses)),
      isNull(users.lastLoginAt),
    ),
  ) as SQL;
}

/** The `users` row holds a membership in a triad (whose course passes `inCourse`, when given). */
export function hasMembership(db: DbOrTx, inCourse: (course: AnyPgColumn) => SQL = () => sql`true`): SQL {
  const place = alias(triads, 'reach_place');
  const secondaryTriad = alias(triads, 'reach_secondary_triad');
  const holdsPlace = or(
    eq(place.apprenticeId, users.id),
    eq(place.tutorId, users.id),
    eq(place.tutor2Id, users.id),
    eq(place.apprenticeMasterId, users.id),
    eq(place.apprenticeMaster2Id, users.id),
    eq(place.companyManagerId, users.id),
  );
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(place)
        .where(and(holdsPlace, inCourse(place.trainingCourseId))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(triadUsers)
        .innerJoin(secondaryTriad, eq(secondaryTriad.id, triadUsers.triadId))
        .where(and(eq(triadUsers.userId, users.id), inCourse(secondaryTriad.trainingCourseId))),
    ),
  ) as SQL;
}

/** The ids among `userIds` that the caller does not reach (unknown ids included). One query. */
export async function unreachableAmong(db: DbOrTx, caller: Caller, userIds: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), reachableBy(db, caller)));
  const reached = new Set(rows.map((row) => row.id));
  return new Set(wanted.filter((id) => !reached.has(id)));
}
