import { and, eq, exists, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { trainingCourseManagers, trainingCourses, trainings, triads, triadUsers } from '../../db/schema/index.js';

/**
 * The manager manages a course of the platform with a triad where the target is the apprentice,
 * a tutor, a master or a secondary user (spec 3 §6). The company manager is not among them.
 */
export async function managesTriadMember(
  db: DbOrTx,
  params: { managerId: number; targetId: number; platformId: number },
): Promise<boolean> {
  const { managerId, targetId, platformId } = params;
  const [row] = await db
    .select({ id: triads.id })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .innerJoin(
      trainingCourseManagers,
      and(eq(trainingCourseManagers.trainingCourseId, trainingCourses.id), eq(trainingCourseManagers.userId, managerId)),
    )
    .where(
      and(
        eq(trainings.platformId, platformId),
        or(
          eq(triads.apprenticeId, targetId),
          eq(triads.tutorId, targetId),
          eq(triads.tutor2Id, targetId),
          eq(triads.apprenticeMasterId, targetId),
          eq(triads.apprenticeMaster2Id, targetId),
          exists(
            db
              .select({ one: triadUsers.id })
              .from(triadUsers)
              .where(and(eq(triadUsers.triadId, triads.id), eq(triadUsers.userId, targetId))),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
