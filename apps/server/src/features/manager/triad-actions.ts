import { randomBytes } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import { PROFILE, type GenericActionResponse, type GenericSaveResponse } from '@lea/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { crews, triads, userPlatforms, users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { auditWrite } from '../../generic/audit.js';
import { done, saved } from '../../generic/envelopes.js';
import type { ManagerScope } from '../../generic/types.js';
import { text, textRef } from '../../texts/index.js';

const TEST_PEOPLE = [
  { column: 'apprenticeId', firstName: 'Apprenti', type: 'apprentice' },
  { column: 'tutorId', firstName: 'Tuteur', type: 'tutor' },
  { column: 'apprenticeMasterId', firstName: 'Maître', type: 'apprentice_master' },
] as const;

/** The crew a test triad goes to: the one asked (of the course), else the first one, else a new "test" crew. */
async function testCrewId(tx: DbOrTx, scope: ManagerScope, asked: number | null): Promise<number> {
  const course = scope.course;
  const [crew] = await tx
    .select({ id: crews.id })
    .from(crews)
    .where(asked === null ? eq(crews.trainingCourseId, course.id) : and(eq(crews.trainingCourseId, course.id), eq(crews.id, asked)))
    .orderBy(asc(crews.position), asc(crews.id))
    .limit(1);
  if (crew) return crew.id;
  if (asked !== null) throw notFound(textRef('common.crewNotFound'));
  const [last] = await tx
    .select({ position: max(crews.position) })
    .from(crews)
    .where(eq(crews.trainingCourseId, course.id));
  const [created] = await tx
    .insert(crews)
    .values({ trainingCourseId: course.id, name: text(scope.locale, 'manager.testCrew'), position: (last?.position ?? -1) + 1 })
    .returning({ id: crews.id });
  return created!.id;
}

/**
 * GET triad/generate-triad-test[?crew=]: a test triad (isTest) whose apprentice, tutor and master
 * are new test accounts without a password, on addresses that deliver nowhere (`.invalid`).
 * Managers try the booklet with it, impersonating its members.
 */
export async function generateTestTriad(db: Db, scope: ManagerScope, askedCrew: number | null): Promise<GenericSaveResponse> {
  const course = scope.course;
  const id = await db.transaction(async (tx) => {
    const crewId = await testCrewId(tx, scope, askedCrew);
    const tag = randomBytes(4).toString('hex');
    const people = await tx
      .insert(users)
      .values(
        TEST_PEOPLE.map((person) => ({
          username: `test-${person.type}-${course.id}-${tag}`,
          email: `test-${person.type}-${course.id}-${tag}@lea.invalid`,
          passwordHash: null,
          firstName: person.firstName,
          lastName: `Test ${tag}`,
          type: person.type,
        })),
      )
      .returning({ id: users.id });
    await tx.insert(userPlatforms).values(people.map((person) => ({ userId: person.id, platformId: course.platformId })));
    const members = Object.fromEntries(TEST_PEOPLE.map((person, index) => [person.column, people[index]!.id]));
    const [triad] = await tx
      .insert(triads)
      .values({ trainingCourseId: course.id, crewId, isTest: true, active: true, ...members })
      .returning({ id: triads.id });
    await auditWrite(tx, scope, { action: 'triad.generate-test', entity: 'triad', entityId: triad!.id });
    return triad!.id;
  });
  return saved(id, text(scope.locale, 'manager.testCreated'));
}

const MEMBER_COLUMNS = {
  [PROFILE.tutor]: ['tutorId', 'tutor2Id'],
  [PROFILE.apprenticeMaster]: ['apprenticeMasterId', 'apprenticeMaster2Id'],
} as const;

/**
 * DELETE triad/delete-member/{triad}/{type}/{user}: removes the tutor (type 2) or the apprenticeship
 * master (type 3) `user` from the triad; a second tutor or master then takes the first place.
 * Other types are refused (403: the apprentice makes the triad); a user who does not hold that
 * place, or a triad of another course, is a 404.
 */
export async function removeTriadMember(
  db: Db,
  scope: ManagerScope,
  triadId: number,
  type: number,
  userId: number,
): Promise<GenericActionResponse> {
  if (type !== PROFILE.tutor && type !== PROFILE.apprenticeMaster) throw forbidden(textRef('manager.onlyTutorOrMaster'));
  const [first, second] = MEMBER_COLUMNS[type];
  await db.transaction(async (tx) => {
    const [triad] = await tx
      .select()
      .from(triads)
      .where(and(eq(triads.id, triadId), eq(triads.trainingCourseId, scope.course.id)))
      .for('update');
    if (!triad || (triad[first] !== userId && triad[second] !== userId)) throw notFound(textRef('common.memberNotFound'));
    const values = triad[first] === userId ? { [first]: triad[second], [second]: null } : { [second]: null };
    await tx.update(triads).set(values).where(eq(triads.id, triadId));
    await auditWrite(tx, scope, { action: 'triad.delete-member', entity: 'triad', entityId: triadId, details: { type, userId } });
  });
  return done(text(scope.locale, 'manager.memberRemoved'));
}
