import { and, eq, exists, sql } from 'drizzle-orm';
import { PROFILE, type ModuleCode } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { trainingCourses, trainings, triads, triadUsers, userPlatforms } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';
import { forbidden, notFound } from '../http/errors.js';
import { moduleOpenToTriad } from './course-modules.js';
import { isCourseManager } from './triad-membership.js';
import { textRef } from '../texts/index.js';

/** The six people of a triad, by column. */
export type TriadMembers = {
  apprenticeId: number | null;
  tutorId: number | null;
  tutor2Id: number | null;
  apprenticeMasterId: number | null;
  apprenticeMaster2Id: number | null;
  companyManagerId: number | null;
};

/** The caller's profile numbers in the triad (spec 1 §1): 1 apprentice, 2 tutor, 3 master, 4 manager. */
export function triadProfilesOf(triad: TriadMembers, userId: number, managesCourse: boolean): number[] {
  const roles: number[] = [];
  if (triad.apprenticeId === userId) roles.push(PROFILE.apprentice);
  if (triad.tutorId === userId || triad.tutor2Id === userId) roles.push(PROFILE.tutor);
  if (triad.apprenticeMasterId === userId || triad.apprenticeMaster2Id === userId) roles.push(PROFILE.apprenticeMaster);
  if (managesCourse) roles.push(PROFILE.manager);
  return roles;
}

/** The profiles 1–3 held by someone in the triad; profile 4 (the course's managers) is always there. */
export function occupiedProfiles(triad: TriadMembers): number[] {
  const present: number[] = [];
  if (triad.apprenticeId !== null) present.push(PROFILE.apprentice);
  if (triad.tutorId !== null || triad.tutor2Id !== null) present.push(PROFILE.tutor);
  if (triad.apprenticeMasterId !== null || triad.apprenticeMaster2Id !== null) present.push(PROFILE.apprenticeMaster);
  present.push(PROFILE.manager);
  return present;
}

/** A triad of the caller's platform with the caller's relations to it, in one query. */
export async function findTriadRelations(db: DbOrTx, params: { triadId: number; platformId: number; userId: number }) {
  const [row] = await db
    .select({
      triad: triads,
      course: {
        id: trainingCourses.id,
        displayName: trainingCourses.displayName,
        leaManagerColumn: trainingCourses.leaManagerColumn,
      },
      isManager: isCourseManager(db, trainingCourses.id, params.userId),
      isSecondary: sql<boolean>`${exists(
        db
          .select({ one: triadUsers.id })
          .from(triadUsers)
          .where(and(eq(triadUsers.triadId, triads.id), eq(triadUsers.userId, params.userId))),
      )}`,
      onPlatform: sql<boolean>`${exists(
        db
          .select({ one: userPlatforms.userId })
          .from(userPlatforms)
          .where(and(eq(userPlatforms.userId, params.userId), eq(userPlatforms.platformId, params.platformId))),
      )}`,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(triads.id, params.triadId), eq(trainings.platformId, params.platformId)))
    .limit(1);
  return row ?? null;
}

export type TriadRelations = NonNullable<Awaited<ReturnType<typeof findTriadRelations>>>;

export type TriadAccessContext = {
  triad: TriadRelations['triad'];
  course: TriadRelations['course'];
  /** The caller's profiles in the triad; administrators act as profile 4. */
  roles: number[];
  /** One of the six people or a secondary user. */
  isMember: boolean;
  /** Manager of the triad's course, or administrator. */
  canManage: boolean;
};

/**
 * Loads a triad for a caller: 404 when it is unknown or of another platform (nothing said about
 * it), 403 when the caller is not a member of the platform, nor of the triad, nor manages its course.
 * With `module`, a member is also refused (403) the calls of a module the triad's menu does not
 * offer (switched off by the platform or the course, or hidden from this triad); its managers keep them.
 */
export async function resolveTriadAccess(
  db: DbOrTx,
  caller: Caller,
  triadId: number,
  options: { module?: ModuleCode } = {},
): Promise<TriadAccessContext> {
  const row = await findTriadRelations(db, { triadId, platformId: caller.platformId, userId: caller.userId });
  if (!row) throw notFound(textRef('common.triadNotFound'));
  if (!row.onPlatform) throw forbidden();
  const { triad } = row;
  const people = [
    triad.apprenticeId,
    triad.tutorId,
    triad.tutor2Id,
    triad.apprenticeMasterId,
    triad.apprenticeMaster2Id,
    triad.companyManagerId,
  ];
  const isMember = people.includes(caller.userId) || row.isSecondary;
  const canManage = row.isManager || caller.admin;
  if (!isMember && !canManage) throw forbidden();
  if (options.module && !canManage && !(await moduleOpenToTriad(db, row.course.id, triadId, options.module)))
    throw forbidden(textRef('common.moduleClosed'));
  return { triad, course: row.course, roles: triadProfilesOf(triad, caller.userId, canManage), isMember, canManage };
}
