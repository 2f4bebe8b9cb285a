import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trainingCourses, trainings } from '../../db/schema/index.js';
import { containsPattern, isCourseManager, isCourseMember } from '../../services/triad-membership.js';

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

/** The user (placeholder `userId`) is a member of the triad aliased `t`: one of its six people or a secondary user. */
function memberOf(t: string): SQL {
  const userId = sql.placeholder('userId');
  const column = (name: string) => sql.raw(`${t}.${name}`);
  return sql`(${column('apprentice_id')} = ${userId} or ${column('tutor_id')} = ${userId} or ${column('tutor2_id')} = ${userId}
    or ${column('apprentice_master_id')} = ${userId} or ${column('apprentice_master2_id')} = ${userId} or ${column('company_manager_id')} = ${userId}
    or exists (select 1 from triad_users tu where tu.triad_id = ${column('id')} and tu.user_id = ${userId}))`;
}

/**
 * The course list's statement (one per kind of caller and with or without a search), prepared
 * once per database: listCourses' columns and filter, the count before paging as a window count.
 */
function buildCourseListQuery(db: Db, admin: boolean, searched: boolean) {
  const userId = sql.placeholder('userId');
  const isManager = sql<boolean>`exists (select 1 from training_course_managers m where m.training_course_id = ${trainingCourses.id} and m.user_id = ${userId})`;
  const seesAll = admin ? sql`true` : isManager;
  return db
    .select({
      id: trainingCourses.id,
      displayName: trainingCourses.displayName,
      archived: trainingCourses.archived,
      startYear: trainingCourses.startYear,
      endYear: trainingCourses.endYear,
      menu: trainingCourses.menu,
      isManager,
      nbTriad: sql<number>`(
        select count(*) from triads ct where ct.training_course_id = ${trainingCourses.id} and ct.active and (${seesAll} or ${memberOf('ct')})
      )`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(
      and(
        eq(trainings.platformId, sql.placeholder('platformId')),
        eq(trainingCourses.archived, sql.placeholder('archived')),
        admin
          ? undefined
          : sql`(${isManager} or exists (select 1 from triads mt where mt.training_course_id = ${trainingCourses.id} and ${memberOf('mt')}))`,
        searched ? ilike(trainingCourses.displayName, sql.placeholder('pattern')) : undefined,
      ),
    )
    .orderBy(desc(trainingCourses.startYear), asc(trainingCourses.displayName), asc(trainingCourses.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`training_list_${admin ? 'admin' : 'user'}${searched ? '_search' : ''}`);
}

const courseListQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildCourseListQuery>>>();

/**
 * One page of the caller's courses, paged by the database, each row with the count before paging
 * (`total`): courseListWhere's filter, and per course whether the caller manages it and how many
 * active triads they see in it (all for a manager or an administrator, their own otherwise, so
 * that the web app can skip the list for a single course with a single triad).
 */
export async function listCourses(db: Db, filter: CourseListFilter) {
  let queries = courseListQueries.get(db);
  if (!queries) {
    queries = new Map();
    courseListQueries.set(db, queries);
  }
  const key = `${filter.admin}:${filter.search !== null}`;
  let query = queries.get(key);
  if (!query) {
    query = buildCourseListQuery(db, filter.admin, filter.search !== null);
    queries.set(key, query);
  }
  return query.execute({
    userId: filter.userId,
    platformId: filter.platformId,
    archived: filter.archived,
    pattern: filter.search === null ? null : containsPattern(filter.search),
    limit: filter.limit,
    offset: filter.offset,
  });
}

export async function countCourses(db: Db, filter: CourseListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(courseListWhere(db, filter));
  return row?.n ?? 0;
}
