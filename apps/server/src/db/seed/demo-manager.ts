import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { contracts, crews, triads, triadUsers, userPlatforms, users } from '../schema/index.js';
import { emailOf } from './demo-content.js';

/** The secondary user of the demo who never signed in: the one to send a welcome e-mail to. */
export const DEMO_NEW_SECONDARY = { username: 'secondaire', firstName: 'Sandrine', lastName: 'Lemaire' } as const;

/** An empty crew of the active course: the one a manager can delete (the others hold triads). */
export const DEMO_EMPTY_CREW = 'Promotion 2026 - auditeurs libres';

/**
 * What the manager area shows on top of the triads of demo.ts (which already has crews, an
 * inactive triad and the apprentice's parent as secondary user): contract numbers, an empty crew,
 * and a secondary user of a tutor who has no password yet.
 */
export async function insertDemoManager(tx: Tx, params: { platformId: number; courseIds: number[]; people: Map<string, number> }): Promise<void> {
  const [activeCourse, archivedCourse] = params.courseIds;
  for (const [courseId, year] of [[activeCourse, 2025], [archivedCourse, 2023]] as const) {
    if (courseId === undefined) continue;
    const rows = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .innerJoin(triads, eq(triads.id, contracts.triadId))
      .where(eq(triads.trainingCourseId, courseId))
      .orderBy(asc(contracts.id));
    for (const [index, row] of rows.entries()) {
      await tx.update(contracts).set({ contractNumber: `CA-${year}-${String(index + 1).padStart(4, '0')}` }).where(eq(contracts.id, row.id));
    }
  }
  if (activeCourse === undefined) return;
  await tx.insert(crews).values({ trainingCourseId: activeCourse, name: DEMO_EMPTY_CREW, position: 2 });

  const [secondary] = await tx
    .insert(users)
    .values({ ...DEMO_NEW_SECONDARY, email: emailOf(DEMO_NEW_SECONDARY.firstName, DEMO_NEW_SECONDARY.lastName), passwordHash: null, type: null })
    .returning({ id: users.id });
  await tx.insert(userPlatforms).values({ userId: secondary!.id, platformId: params.platformId });
  // The second triad (Emma Petit, tutored by Julien Bernard): the tutor's assistant follows it.
  const [triad] = await tx.select({ id: triads.id }).from(triads).where(eq(triads.apprenticeId, params.people.get('apprenti2') ?? 0));
  if (triad) await tx.insert(triadUsers).values({ triadId: triad.id, userId: secondary!.id, userType: 2 });
}
