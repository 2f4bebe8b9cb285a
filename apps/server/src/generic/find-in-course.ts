import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

/** A table whose rows belong to a training course (crews, categories, sessions, units, links…). */
type CourseOwnedTable = PgTable & { id: PgColumn; trainingCourseId: PgColumn };

/**
 * An entity's `find` for a table of course-owned rows: the row of that id in the scope's course,
 * null for another course's or none (the engine answers 404), in one indexed read.
 */
export function findInCourse<T extends CourseOwnedTable>(table: T) {
  return async (db: DbOrTx, scope: { course: { id: number } }, id: number): Promise<T['$inferSelect'] | null> => {
    const rows = await db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), eq(table.trainingCourseId, scope.course.id)))
      .limit(1);
    return (rows[0] as T['$inferSelect'] | undefined) ?? null;
  };
}
