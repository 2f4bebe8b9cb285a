import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { PROFILE, type MessageRecipientsResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingCourseManagers, trainingCourses, trainings, triads, triadUsers, users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { isCourseManager, isTriadMember } from '../../services/triad-membership.js';
import { textRef } from '../../texts/index.js';

/** Who the caller may write to, and under which profiles; the caller's own profiles come with it. */
export type Reach = {
  /** The course the messages written in this reach belong to (null: several courses). */
  courseId: number | null;
  people: Map<number, { fullName: string; profiles: Set<number> }>;
};

type TriadRow = typeof triads.$inferSelect;

/** The triads of a course the caller may write from: every one for its managers, else the caller's own (403 if none). */
async function courseTriads(db: DbOrTx, caller: Caller, courseId: number): Promise<TriadRow[]> {
  const [course] = await db
    .select({ id: trainingCourses.id, isManager: isCourseManager(db, trainingCourses.id, caller.userId) })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, courseId), eq(trainings.platformId, caller.platformId)))
    .limit(1);
  if (!course) throw notFound(textRef('message.courseNotFound'));
  if (course.isManager || caller.admin) return db.select().from(triads).where(eq(triads.trainingCourseId, courseId));
  const own = await db
    .select()
    .from(triads)
    .where(and(eq(triads.trainingCourseId, courseId), isTriadMember(db, triads, caller.userId)));
  if (own.length === 0) throw forbidden();
  return own;
}

/** Every triad of the platform the caller belongs to, and every triad of the courses they manage. */
async function platformTriads(db: DbOrTx, caller: Caller): Promise<TriadRow[]> {
  const rows = await db
    .select({ triad: triads })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(
      and(
        eq(trainings.platformId, caller.platformId),
        or(isTriadMember(db, triads, caller.userId), isCourseManager(db, triads.trainingCourseId, caller.userId)) as SQL,
      ),
    );
  return rows.map((row) => row.triad);
}

/** The people of the triads (by their profile in each) and the managers of the triads' courses (profile 4). */
async function peopleOf(db: DbOrTx, triadRows: TriadRow[]): Promise<Reach['people']> {
  const profiles = new Map<number, Set<number>>();
  const add = (userId: number | null, profile: number) => {
    if (userId === null) return;
    const set = profiles.get(userId) ?? new Set<number>();
    set.add(profile);
    profiles.set(userId, set);
  };
  for (const triad of triadRows) {
    add(triad.apprenticeId, PROFILE.apprentice);
    add(triad.tutorId, PROFILE.tutor);
    add(triad.tutor2Id, PROFILE.tutor);
    add(triad.apprenticeMasterId, PROFILE.apprenticeMaster);
    add(triad.apprenticeMaster2Id, PROFILE.apprenticeMaster);
    add(triad.companyManagerId, PROFILE.apprenticeMaster);
  }
  const triadIds = triadRows.map((triad) => triad.id);
  const courseIds = [...new Set(triadRows.map((triad) => triad.trainingCourseId))];
  if (triadIds.length > 0) {
    // Secondary users write and read as the side they belong to: 1 of the apprentice, 2 of the tutor.
    const secondary = await db.select().from(triadUsers).where(inArray(triadUsers.triadId, triadIds));
    for (const row of secondary) add(row.userId, row.userType === 2 ? PROFILE.tutor : PROFILE.apprentice);
    const managers = await db
      .select({ userId: trainingCourseManagers.userId })
      .from(trainingCourseManagers)
      .where(inArray(trainingCourseManagers.trainingCourseId, courseIds));
    for (const row of managers) add(row.userId, PROFILE.manager);
  }
  const people: Reach['people'] = new Map();
  if (profiles.size === 0) return people;
  const named = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, [...profiles.keys()]), eq(users.active, true)));
  for (const user of named) {
    people.set(user.id, { fullName: `${user.firstName} ${user.lastName}`.trim(), profiles: profiles.get(user.id)! });
  }
  return people;
}

/**
 * The caller's reach (spec 2 §2, issue 16): one triad (the front office's current triad), one course
 * (the manager area, or a message's course), or, with neither, every triad the caller belongs to or
 * manages. Only people the caller shares a triad or a course with; managers reach their courses.
 */
export async function reachOf(db: DbOrTx, caller: Caller, scope: { triadId?: number; courseId?: number }): Promise<Reach> {
  if (scope.triadId !== undefined) {
    const access = await resolveTriadAccess(db, caller, scope.triadId);
    if (scope.courseId !== undefined && access.triad.trainingCourseId !== scope.courseId) throw notFound(textRef('common.triadNotFound'));
    return { courseId: access.triad.trainingCourseId, people: await peopleOf(db, [access.triad]) };
  }
  if (scope.courseId !== undefined)
    return { courseId: scope.courseId, people: await peopleOf(db, await courseTriads(db, caller, scope.courseId)) };
  return { courseId: null, people: await peopleOf(db, await platformTriads(db, caller)) };
}

/**
 * The manager area's recipients: the course's gate first (404 another platform's, 403 a non-manager
 * or a manager whose profile gives no view of the messaging section, decision 027).
 */
export async function managerReachOf(db: DbOrTx, caller: Caller, courseId: number, triadId?: number): Promise<Reach> {
  await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_MESSAGE', need: 'view' });
  return reachOf(db, caller, { courseId, ...(triadId === undefined ? {} : { triadId }) });
}

/** The reach as the recipient picker shows it: by profile, names sorted, the caller left out. */
export function recipientGroups(reach: Reach, callerId: number): MessageRecipientsResponse {
  const groups = [PROFILE.apprentice, PROFILE.tutor, PROFILE.apprenticeMaster, PROFILE.manager].map((profile) => ({
    profile,
    recipients: [...reach.people.entries()]
      .filter(([id, person]) => id !== callerId && person.profiles.has(profile))
      .map(([id, person]) => ({ id, fullName: person.fullName }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName, 'fr')),
  }));
  return { groups: groups.filter((group) => group.recipients.length > 0), trainingCourse: reach.courseId };
}
