import { and, eq, sql, type SQL } from 'drizzle-orm';
import { REPLY_STATUS, type TrainingCourseIndicators } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { trainingCourses, trainings, triads } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Caller } from '../../http/caller.js';
import { textRef } from '../../texts/index.js';
import { isCourseManager, isCourseMember, isTriadMember } from '../../services/triad-membership.js';
import { EXPECTED_SIGNATURES } from '../../services/expected-signatures.js';

/**
 * The triads a call counts, as a condition on `triads` joined to its course and training: active
 * triads, every one of the courses the caller manages (all of them for an administrator), else
 * only the caller's own.
 */
function countedTriads(db: Db, caller: Caller, courses: SQL): SQL {
  const seesAll = caller.admin ? sql`true` : isCourseManager(db, trainingCourses.id, caller.userId);
  return and(
    eq(trainings.platformId, caller.platformId),
    eq(triads.active, true),
    courses,
    sql`(${seesAll} or ${isTriadMember(db, triads, caller.userId)})`,
  ) as SQL;
}

type Figure = keyof Omit<TrainingCourseIndicators, 'fillRate'>;

/**
 * The figures of the counted triads in one statement: the people (triad columns and secondary
 * users) by profile, and the signatures expected from the profiles each triad holds for the active
 * questionnaires of its course that apply to it (through its crew or itself, or to all when the
 * questionnaire names neither), beside those already given.
 */
async function computeIndicators(db: Db, counted: SQL): Promise<TrainingCourseIndicators> {
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
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(counted);
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the engine-neutral Db type cannot say so.
  const result = (await db.execute(sql`
    with scope as (${scope}),
    people as (
      select p.user_id, p.profile
      from scope t
      cross join lateral (values
        (t.apprentice_id, 1), (t.tutor_id, 2), (t.tutor2_id, 2),
        (t.apprentice_master_id, 3), (t.apprentice_master2_id, 3), (t.company_manager_id, 0)
      ) as p(user_id, profile)
      where p.user_id is not null
      union
      select tu.user_id, 0 from triad_users tu join scope t on t.id = tu.triad_id
    ),
    expected as (${EXPECTED_SIGNATURES})
    select
      (select count(*) from scope) as "triads",
      (select count(distinct user_id) from people) as "users",
      (select count(distinct user_id) from people where profile = 1) as "apprentices",
      (select count(distinct user_id) from people where profile = 2) as "tutors",
      (select count(distinct user_id) from people where profile = 3) as "masters",
      (select count(*) from expected) as "expectedSignatures",
      (select count(*) from expected where status = ${REPLY_STATUS.signed}) as "signedReplies"
  `)) as unknown as { rows: Record<Figure, number | string | null>[] };
  const row = result.rows[0];
  const figure = (key: Figure) => Number(row?.[key] ?? 0);
  const expectedSignatures = figure('expectedSignatures');
  const signedReplies = figure('signedReplies');
  return {
    triads: figure('triads'),
    users: figure('users'),
    apprentices: figure('apprentices'),
    tutors: figure('tutors'),
    masters: figure('masters'),
    expectedSignatures,
    signedReplies,
    fillRate: expectedSignatures === 0 ? null : Math.round((signedReplies / expectedSignatures) * 100),
  };
}

/** The active courses the caller manages or belongs to (every one of the platform for an administrator). */
export function courseListIndicators(db: Db, caller: Caller): Promise<TrainingCourseIndicators> {
  return computeIndicators(db, countedTriads(db, caller, eq(trainingCourses.archived, false)));
}

/** One course of the caller's platform: 404 when it is not there, 403 to who neither manages it nor belongs to it. */
export async function courseIndicators(db: Db, caller: Caller, courseId: number): Promise<TrainingCourseIndicators> {
  const [course] = await db
    .select({
      isManager: isCourseManager(db, trainingCourses.id, caller.userId),
      isMember: isCourseMember(db, trainingCourses.id, caller.userId),
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, courseId), eq(trainings.platformId, caller.platformId)));
  if (!course) throw notFound(textRef('common.courseNotFound'));
  if (!caller.admin && !course.isManager && !course.isMember) throw forbidden();
  return computeIndicators(db, countedTriads(db, caller, eq(trainingCourses.id, courseId)));
}
