import { institutions, platforms, trainingCourses, trainings } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export type ForeignCourse = { platformId: number; institutionId: number; trainingId: number; courseId: number };

/**
 * A training course on another platform (its own hostname, institution and training): what the
 * "another platform's record is a 404" tests need.
 */
export async function createForeignCourse(db: Db, hostname: string, displayName = 'CAP 2025'): Promise<ForeignCourse> {
  const [platform] = await db
    .insert(platforms)
    .values({ hostname, name: `CFA ${hostname}` })
    .returning({ id: platforms.id });
  const platformId = platform!.id;
  const [institution] = await db.insert(institutions).values({ platformId, name: hostname }).returning({ id: institutions.id });
  const [training] = await db
    .insert(trainings)
    .values({ platformId, institutionId: institution!.id, title: 'CAP' })
    .returning({ id: trainings.id });
  const [course] = await db.insert(trainingCourses).values({ trainingId: training!.id, displayName }).returning({ id: trainingCourses.id });
  return { platformId, institutionId: institution!.id, trainingId: training!.id, courseId: course!.id };
}
