import { eq } from 'drizzle-orm';
import type { CourseSkin } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { files, trainingCourseSettings } from '../db/schema/index.js';
import { publicFileUrl } from './file-links.js';

/**
 * A course's skin as its triads' shell applies it over the institution's and the platform's
 * design, or null when the course has none. Its logo is public on the platform (like the
 * institutions' logos: features/file serves it by record).
 */
export async function courseSkin(db: DbOrTx, courseId: number): Promise<CourseSkin | null> {
  const [row] = await db
    .select({
      principalColor: trainingCourseSettings.principalColor,
      secondaryColor: trainingCourseSettings.secondaryColor,
      pathName: files.pathName,
      originalName: files.originalName,
    })
    .from(trainingCourseSettings)
    .leftJoin(files, eq(files.id, trainingCourseSettings.logoFileId))
    .where(eq(trainingCourseSettings.trainingCourseId, courseId))
    .limit(1);
  if (!row || (row.principalColor === null && row.secondaryColor === null && row.pathName === null)) return null;
  const logo =
    row.pathName !== null && row.originalName !== null
      ? publicFileUrl('inline', { pathName: row.pathName, originalName: row.originalName })
      : null;
  return { principalColor: row.principalColor, secondaryColor: row.secondaryColor, logo };
}

/** The booklet template of a course: the PDFs' cover text, header and footer (null when not set). */
export async function courseTemplate(db: DbOrTx, courseId: number) {
  const [row] = await db
    .select({
      coverText: trainingCourseSettings.coverText,
      headerText: trainingCourseSettings.headerText,
      footerText: trainingCourseSettings.footerText,
    })
    .from(trainingCourseSettings)
    .where(eq(trainingCourseSettings.trainingCourseId, courseId))
    .limit(1);
  return row ?? { coverText: null, headerText: null, footerText: null };
}
