import { randomBytes } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { crews, triads, userPlatforms, users } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import { auditWrite } from '../generic/audit.js';
import type { Scope } from '../generic/types.js';
import { text, textRef } from '../texts/index.js';

/** The course a test triad is added to: the manager's course, or one of the administrator's platform. */
export type TestTriadCourse = { id: number; platformId: number };

const TEST_PEOPLE = [
  { column: 'apprenticeId', firstName: 'Apprenti', type: 'apprentice' },
  { column: 'tutorId', firstName: 'Tuteur', type: 'tutor' },
  { column: 'apprenticeMasterId', firstName: 'Maître', type: 'apprentice_master' },
] as const;

/** The crew a test triad goes to: the one asked (of the course), else the first one, else a new "test" crew. */
async function testCrewId(tx: Tx, scope: Scope, course: TestTriadCourse, asked: number | null): Promise<number> {
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
 * A test triad (isTest) of `course`, in the caller's transaction: its apprentice, tutor and master
 * are new test accounts of the course's platform without a password, on addresses that deliver
 * nowhere (`.invalid`). Managers and administrators try the booklet with it, impersonating its
 * members. Used by the manager's `triad/generate-triad-test` and the administrator's
 * `training/generate-triad-test` and `generate-training-test`; writes its history line.
 */
export async function insertTestTriad(tx: Tx, scope: Scope, course: TestTriadCourse, askedCrew: number | null): Promise<number> {
  const crewId = await testCrewId(tx, scope, course, askedCrew);
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
  await auditWrite(tx, scope, {
    action: 'triad.generate-test',
    entity: 'triad',
    entityId: triad!.id,
    details: { trainingCourseId: course.id },
  });
  return triad!.id;
}
