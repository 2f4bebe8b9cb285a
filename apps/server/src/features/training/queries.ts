import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { trainingCourses, trainings, triads } from '../../db/schema/index.js';
import { containsPattern, isCourseManager, isCourseMember, isTriadMember } from '../../services/triad-membership.js';

export type CourseListFilter = {
  platformId: number;
  userId: number;
  /** Administrators see every course of the platform. */
  admin: boolean;
  archived: boolean;
  search: string | null;
  limit: number;
  offset: number;
};

function courseListWhere(db: Db, filter: CourseListFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(trainings.platformId, filter.platformId), eq(trainingCourses.archived, filter.archived)];
  if (!filter.admin) {
    conditions.push(or(isCourseManager(db, trainingCourses.id, filter.userId), isCourseMember(db, trainingCourses.id, filter.userId)));
  }
  if (filter.search !== null) conditions.push(ilike(trainingCourses.displayName, containsPattern(filter.search)));
  return and(...conditions) as SQL;
}

/**
 * The active triads the caller sees in the course: all of them for a manager or an administrator,
 * their own otherwise (so that the web app can skip the list for a single course with a single triad).
 */
function visibleTriadCount(db: Db, filter: CourseListFilter, isManager: SQL<boolean>): SQL<number> {
  const counted = alias(triads, 'counted_triad');
  const seesAll = filter.admin ? sql`true` : isManager;
  const visible = db
    .select({ n: count() })
    .from(counted)
    .where(
      and(
        eq(counted.trainingCourseId, trainingCourses.id),
        eq(counted.active, true),
        or(seesAll, isTriadMember(db, counted, filter.userId)),
      ),
    );
  return sql<number>`(${visible})`.mapWith(Number);
}

/** One page of the caller's courses, paged by the database. */
export async function listCourses(db: Db, filter: CourseListFilter) {
  const isManager = isCourseManager(db, trainingCourses.id, filter.userId);
  return db
    .select({
      id: trainingCourses.id,
      displayName: trainingCourses.displayName,
      archived: trainingCourses.archived,
      startYear: trainingCourses.startYear,
      endYear: trainingCourses.endYear,
      menu: trainingCourses.menu,
      isManager,
      nbTriad: visibleTriadCount(db, filter, isManager),
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(courseListWhere(db, filter))
    .orderBy(desc(trainingCourses.startYear), asc(trainingCourses.displayName), asc(trainingCourses.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function countCourses(db: Db, filter: CourseListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(courseListWhere(db, filter));
  return row?.n ?? 0;
}
