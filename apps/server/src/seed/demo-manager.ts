import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contracts, crews, trainingCourses, trainings, triads, triadUsers, userPlatforms, users } from '../db/schema/index.js';
import { DEMO_MENU, demoInfoBlocks, type DemoNaming, emailOf } from './demo-content.js';

/** The secondary user of the demo who never signed in: the one to send a welcome e-mail to. */
export const DEMO_NEW_SECONDARY = { username: 'secondaire', firstName: 'Sandrine', lastName: 'Lemaire' } as const;

/** An empty crew of the active course: the one a manager can delete (the others hold triads). */
export const DEMO_EMPTY_CREW = 'Promotion 2026 - auditeurs libres';

/**
 * A course the demo manager does not run, and its apprentice (no password: nobody signs in as
 * them). The manager's user search must not offer her, nor her e-mail (services/manager-reach.ts,
 * e2e/manager-user-search.spec.ts). Archived and run by no manager but the administrators, so
 * that the lists of the active courses stay as the other journeys know them.
 */
export const DEMO_OTHER_COURSE = {
  displayName: 'BTS NDRC 2023-2025',
  apprentice: { username: 'apprenti7', firstName: 'Yasmine', lastName: 'Haddad' },
} as const;

export async function insertDemoOtherCourse(tx: Tx, platformId: number, activeCourse: number): Promise<void> {
  const [active] = await tx
    .select({ institutionId: trainings.institutionId })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(eq(trainingCourses.id, activeCourse));
  const [training] = await tx
    .insert(trainings)
    .values({
      platformId,
      institutionId: active!.institutionId,
      title: 'BTS Négociation et digitalisation de la relation client',
      code: 'BTS-NDRC',
    })
    .returning({ id: trainings.id });
  const [course] = await tx
    .insert(trainingCourses)
    .values({
      trainingId: training!.id,
      displayName: DEMO_OTHER_COURSE.displayName,
      startYear: 2023,
      endYear: 2025,
      archived: true,
      menu: DEMO_MENU,
      infoBlocks: demoInfoBlocks(DEMO_OTHER_COURSE.displayName),
    })
    .returning({ id: trainingCourses.id });
  const { apprentice } = DEMO_OTHER_COURSE;
  const [person] = await tx
    .insert(users)
    .values({ ...apprentice, email: emailOf(apprentice.firstName, apprentice.lastName), passwordHash: null, type: 'apprentice' })
    .returning({ id: users.id });
  await tx.insert(userPlatforms).values({ userId: person!.id, platformId });
  await tx.insert(triads).values({ trainingCourseId: course!.id, apprenticeId: person!.id });
}

/**
 * What the manager area shows on top of the triads of demo.ts (which already has crews, an
 * inactive triad and the apprentice's parent as secondary user): contract numbers, an empty crew
 * and a secondary user of a tutor who has no password yet (the course the manager does not run
 * is insertDemoOtherCourse's).
 */
export async function insertDemoManager(
  tx: Tx,
  params: { platformId: number; courseIds: number[]; people: Map<string, number>; naming: DemoNaming },
): Promise<void> {
  const [activeCourse, archivedCourse] = params.courseIds;
  for (const [courseId, year] of [
    [activeCourse, 2025],
    [archivedCourse, 2023],
  ] as const) {
    if (courseId === undefined) continue;
    const rows = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .innerJoin(triads, eq(triads.id, contracts.triadId))
      .where(eq(triads.trainingCourseId, courseId))
      .orderBy(asc(contracts.id));
    for (const [index, row] of rows.entries()) {
      await tx
        .update(contracts)
        .set({ contractNumber: `CA-${year}-${String(index + 1).padStart(4, '0')}` })
        .where(eq(contracts.id, row.id));
    }
  }
  if (activeCourse === undefined) return;
  await tx.insert(crews).values({ trainingCourseId: activeCourse, name: DEMO_EMPTY_CREW, position: 2 });

  const [secondary] = await tx
    .insert(users)
    .values({
      ...DEMO_NEW_SECONDARY,
      username: params.naming.username(DEMO_NEW_SECONDARY.username),
      email: params.naming.email(DEMO_NEW_SECONDARY.firstName, DEMO_NEW_SECONDARY.lastName),
      passwordHash: null,
      type: null,
    })
    .returning({ id: users.id });
  await tx.insert(userPlatforms).values({ userId: secondary!.id, platformId: params.platformId });
  // The second triad (Emma Petit, tutored by Julien Bernard): the tutor's assistant follows it.
  const [triad] = await tx
    .select({ id: triads.id })
    .from(triads)
    .where(eq(triads.apprenticeId, params.people.get('apprenti2') ?? 0));
  if (triad) await tx.insert(triadUsers).values({ triadId: triad.id, userId: secondary!.id, userType: 2 });
}
