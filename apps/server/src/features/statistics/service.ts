import { and, eq, sql, type SQL } from 'drizzle-orm';
import { REPLY_STATUS, type StatisticsResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { trainingCourses, trainings, triads } from '../../db/schema/index.js';
import { EXPECTED_SIGNATURES } from '../../services/expected-signatures.js';

type Rows<T> = { rows: T[] };
const rate = (signed: number, expected: number) => (expected === 0 ? 0 : Math.round((signed / expected) * 1000) / 10);

/** `YYYY-MM` of the twelve months ending with the current one (Paris time), oldest first. */
export function lastTwelveMonths(now = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, index) => {
    const total = year * 12 + (month - 1) - (11 - index);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The statistics of the admin area (spec 3 §2.3, issue 13 §8), from live data: the people of the
 * counted courses by profile (1–3 from the triads, 4 the courses' managers), their triads, the
 * booklet fill rate of the active triads (signed replies / expected signatures, the count of
 * decision 026) overall, by course and by the course's start year, and the signatures given in each
 * of the last twelve months. Counted courses: the platform's, archived ones only when asked.
 */
export async function platformStatistics(db: Db, platformId: number, withArchived: boolean): Promise<StatisticsResponse> {
  const courses: SQL = and(eq(trainings.platformId, platformId), withArchived ? undefined : eq(trainingCourses.archived, false)) as SQL;
  const scope = db
    .select({
      id: triads.id,
      courseId: triads.trainingCourseId,
      crewId: triads.crewId,
      apprenticeId: triads.apprenticeId,
      tutorId: triads.tutorId,
      tutor2Id: triads.tutor2Id,
      masterId: triads.apprenticeMasterId,
      master2Id: triads.apprenticeMaster2Id,
      companyManagerId: triads.companyManagerId,
      active: triads.active,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(courses);
  const counted = db
    .select({ id: trainingCourses.id, displayName: trainingCourses.displayName, startYear: trainingCourses.startYear })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(courses);
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral Db type cannot say so.
  const people = (await db.execute(sql`
    with scope as (${scope})
    select p.profile, count(distinct p.user_id)::int as count
    from (
      select t.apprentice_id as user_id, 1 as profile from scope t
      union all select t.tutor_id, 2 from scope t union all select t.tutor2_id, 2 from scope t
      union all select t.apprentice_master_id, 3 from scope t union all select t.apprentice_master2_id, 3 from scope t
      union all select m.user_id, 4 from training_course_managers m join (${counted}) c on c.id = m.training_course_id
    ) p
    where p.user_id is not null
    group by p.profile
    union all
    select 0, count(distinct u.user_id)::int from (
      select t.apprentice_id as user_id from scope t union select t.tutor_id from scope t union select t.tutor2_id from scope t
      union select t.apprentice_master_id from scope t union select t.apprentice_master2_id from scope t
      union select t.company_manager_id from scope t
      union select tu.user_id from triad_users tu join scope t on t.id = tu.triad_id
      union select m.user_id from training_course_managers m join (${counted}) c on c.id = m.training_course_id
    ) u where u.user_id is not null
  `)) as unknown as Rows<{ profile: number; count: number }>;
  const triadCounts = (await db.execute(sql`
    with scope as (${scope})
    select count(*)::int as "all", count(*) filter (where active)::int as "active" from scope
  `)) as unknown as Rows<{ all: number; active: number }>;
  const byCourse = (await db.execute(sql`
    with scope as (select * from (${scope}) s where s.active),
    expected as (${EXPECTED_SIGNATURES})
    select c.id as "courseId", c.display_name as "course", c.start_year as "year",
      count(e.triad_id)::int as "expected",
      count(e.triad_id) filter (where e.status = ${REPLY_STATUS.signed})::int as "signed"
    from (${counted}) c
    left join expected e on e.training_course_id = c.id
    group by c.id, c.display_name, c.start_year
    order by c.start_year desc nulls last, c.display_name
  `)) as unknown as Rows<{ courseId: number; course: string; year: number | null; expected: number; signed: number }>;
  const months = lastTwelveMonths();
  const perMonth = (await db.execute(sql`
    select to_char(rs.signed_at at time zone 'Europe/Paris', 'YYYY-MM') as "month", count(*)::int as "count"
    from reply_signatures rs
    join replies r on r.id = rs.reply_id
    join triads t on t.id = r.triad_id
    where rs.cancelled_at is null
      and t.training_course_id in (select c.id from (${counted}) c)
      and rs.signed_at >= ${`${months[0]}-01`}::date - interval '1 day'
    group by 1
  `)) as unknown as Rows<{ month: string; count: number }>;

  const fillRateByCourse = byCourse.rows.map((row) => ({ ...row, rate: rate(row.signed, row.expected) }));
  const years = new Map<number, { expected: number; signed: number }>();
  for (const row of fillRateByCourse) {
    if (row.year === null) continue;
    const total = years.get(row.year) ?? { expected: 0, signed: 0 };
    years.set(row.year, { expected: total.expected + row.expected, signed: total.signed + row.signed });
  }
  const expected = fillRateByCourse.reduce((sum, row) => sum + row.expected, 0);
  const signed = fillRateByCourse.reduce((sum, row) => sum + row.signed, 0);
  const counts = new Map(perMonth.rows.map((row) => [row.month, Number(row.count)]));
  const profiles = new Map(people.rows.map((row) => [Number(row.profile), Number(row.count)]));
  return {
    usersByProfile: [1, 2, 3, 4].map((profile) => ({ profile, count: profiles.get(profile) ?? 0 })),
    users: profiles.get(0) ?? 0,
    triads: Number(triadCounts.rows[0]?.all ?? 0),
    activeTriads: Number(triadCounts.rows[0]?.active ?? 0),
    fillRate: { expected, signed, rate: rate(signed, expected) },
    fillRateByCourse,
    fillRateByYear: [...years.entries()]
      .sort(([a], [b]) => a - b)
      .map(([year, total]) => ({ year, ...total, rate: rate(total.signed, total.expected) })),
    signaturesPerMonth: months.map((month) => ({ month, count: counts.get(month) ?? 0 })),
  };
}
