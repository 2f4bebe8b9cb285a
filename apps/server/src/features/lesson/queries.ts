import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files, lessons, lessonSubjects, lessonUnits } from '../../db/schema/index.js';

/** The course's subjects in unit order, with their lessons' ids and titles in order (empty subjects too). */
export async function findCourseSubjects(db: DbOrTx, courseId: number) {
  return db
    .select({
      subjectId: lessonSubjects.id,
      subjectName: lessonSubjects.name,
      unitId: lessonUnits.id,
      unitName: lessonUnits.name,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
    })
    .from(lessonSubjects)
    .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
    .leftJoin(lessons, eq(lessons.subjectId, lessonSubjects.id))
    .where(eq(lessonUnits.trainingCourseId, courseId))
    .orderBy(
      asc(lessonUnits.position),
      asc(lessonUnits.id),
      asc(lessonSubjects.position),
      asc(lessonSubjects.id),
      asc(lessons.position),
      asc(lessons.id),
    );
}

/** A lesson of the course with its subject; null when it is unknown or of another course. */
export async function findCourseLesson(db: DbOrTx, courseId: number, lessonId: number) {
  const [row] = await db
    .select({ lesson: lessons, subject: { id: lessonSubjects.id, name: lessonSubjects.name } })
    .from(lessons)
    .innerJoin(lessonSubjects, eq(lessonSubjects.id, lessons.subjectId))
    .innerJoin(lessonUnits, eq(lessonUnits.id, lessonSubjects.unitId))
    .where(and(eq(lessons.id, lessonId), eq(lessonUnits.trainingCourseId, courseId)))
    .limit(1);
  return row ?? null;
}

export async function findFiles(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, pathName: files.pathName, originalName: files.originalName, mimeType: files.mimeType })
    .from(files)
    .where(inArray(files.id, ids));
}
