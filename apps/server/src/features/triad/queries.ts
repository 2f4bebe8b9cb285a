import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  contracts,
  contractTypes,
  crews,
  files,
  institutions,
  questionnaireCrews,
  questionnaires,
  questionnaireTriads,
  trainingCourses,
  trainings,
  triads,
  triadUsers,
  users,
} from '../../db/schema/index.js';
import { TIMELINE_LENGTH } from '../../services/timeline.js';
import { containsPattern, isCourseManager, isCourseMember, isTriadMember } from '../../services/triad-membership.js';

export const personColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export type TriadListFilter = {
  courseId: number;
  active: boolean;
  /** null: every triad of the course (managers, administrators). */
  memberId: number | null;
  search: string | null;
  limit: number;
  offset: number;
};

/** The apprentice's names as the triad keeps them (migration 0013): the list's order and search need no join. */
function triadListWhere(db: Db, filter: TriadListFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(triads.trainingCourseId, filter.courseId), eq(triads.active, filter.active)];
  if (filter.memberId !== null) conditions.push(isTriadMember(db, triads, filter.memberId));
  if (filter.search !== null) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(triads.apprenticeFirstName, pattern),
        ilike(triads.apprenticeLastName, pattern),
        ilike(sql`${triads.apprenticeFirstName} || ' ' || ${triads.apprenticeLastName}`, pattern),
      ),
    );
  }
  return and(...conditions) as SQL;
}

export type TriadPageInput = Omit<TriadListFilter, 'memberId'> & { platformId: number; userId: number; admin: boolean };

type TriadCardRow = {
  id: number;
  active: boolean;
  apprentice: PersonRow | null;
  tutor: PersonRow | null;
  apprenticeMaster: PersonRow | null;
  crew: { id: number; name: string } | null;
};

/**
 * GET triad/list in one statement: the course's relations to the caller (null when the course is
 * not on the platform), the number of triads the caller sees (every one for a manager or an
 * administrator, their own for a member) and one page of them in apprentice name order, a walk of
 * `triads_course_order_idx`; the page's people and crew are joined on its rows alone, as JSON.
 */
export async function findCourseTriadPage(db: Db, input: TriadPageInput) {
  const seesAll = input.admin ? sql`true` : isCourseManager(db, input.courseId, input.userId);
  const where = and(triadListWhere(db, { ...input, memberId: null }), or(seesAll, isTriadMember(db, triads, input.userId))) as SQL;
  const byName = [asc(triads.apprenticeLastName), asc(triads.apprenticeFirstName), asc(triads.id)];
  const page = db
    .select({ id: triads.id })
    .from(triads)
    .where(where)
    .orderBy(...byName)
    .limit(input.limit)
    .offset(input.offset);
  const total = db.select({ n: count() }).from(triads).where(where);
  const result = (await db.execute(sql`select
    (
      select json_build_object(
        'id', c.id,
        'isManager', exists (select 1 from training_course_managers m where m.training_course_id = c.id and m.user_id = ${input.userId}),
        'isMember', ${isCourseMember(db, input.courseId, input.userId)}
      )
      from training_courses c join trainings tr on tr.id = c.training_id
      where c.id = ${input.courseId} and tr.platform_id = ${input.platformId}
    ) as "course",
    (${total}) as "total",
    (
      select coalesce(json_agg(json_build_object(
        'id', t.id, 'active', t.active,
        'apprentice', ${personJson('a')}, 'tutor', ${personJson('tu')}, 'apprenticeMaster', ${personJson('ma')},
        'crew', case when cr.id is null then null else json_build_object('id', cr.id, 'name', cr.name) end
      ) order by t.apprentice_last_name, t.apprentice_first_name, t.id), '[]'::json)
      from (${page}) p
      join triads t on t.id = p.id
      left join users a on a.id = t.apprentice_id
      left join users tu on tu.id = t.tutor_id
      left join users ma on ma.id = t.apprentice_master_id
      left join crews cr on cr.id = t.crew_id
    ) as "triads"
  `)) as unknown as {
    rows: { course: { id: number; isManager: boolean; isMember: boolean } | null; total: number | string; triads: TriadCardRow[] }[];
  };
  const row = result.rows[0]!;
  return { course: row.course, total: Number(row.total), triads: row.triads };
}

/** A triad with its course, training, institution and crew, when it belongs to the platform. */
export async function findTriadDetail(db: Db, params: { triadId: number; platformId: number; userId: number }) {
  const [row] = await db
    .select({
      triad: triads,
      course: trainingCourses,
      isManager: isCourseManager(db, trainingCourses.id, params.userId),
      training: { id: trainings.id, title: trainings.title },
      institution: {
        id: institutions.id,
        name: institutions.name,
        principalColor: institutions.principalColor,
        secondaryColor: institutions.secondaryColor,
      },
      institutionLogo: { pathName: files.pathName, originalName: files.originalName },
      crew: { id: crews.id, name: crews.name },
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .innerJoin(institutions, eq(institutions.id, trainings.institutionId))
    .leftJoin(files, eq(files.id, institutions.logoFileId))
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .where(and(eq(triads.id, params.triadId), eq(trainings.platformId, params.platformId)))
    .limit(1);
  return row ?? null;
}

/** A person as the views name them (the caller adds the full name). */
export type PersonRow = { id: number; firstName: string; lastName: string; email: string };

/** `json_build_object` of a person, or null when the row is absent (`alias` of `users`). */
const personJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'email', ${alias}.email) end`,
  );

/** The triad's secondary users, by type then id. */
const triadUsersJson = sql`(
  select coalesce(json_agg(json_build_object('id', tu.id, 'userType', tu.user_type, 'user', ${personJson('u')}) order by tu.user_type, tu.id), '[]'::json)
  from triad_users tu join users u on u.id = tu.user_id
  where tu.triad_id = ${triads.id}
)`;

/** The triad's six people (those set). */
const membersJson = sql`(
  select coalesce(json_agg(${personJson('u')}), '[]'::json)
  from users u
  where u.id in (${triads.apprenticeId}, ${triads.tutorId}, ${triads.tutor2Id}, ${triads.apprenticeMasterId}, ${triads.apprenticeMaster2Id}, ${triads.companyManagerId})
)`;

/** The triad's contracts, newest first, with their type, company and people. */
const contractsJson = sql`(
  select coalesce(json_agg(json_build_object(
    'id', c.id,
    'contractType', case when ct.id is null then null else json_build_object('title', ct.title) end,
    'company', case when co.id is null then null else json_build_object(
      'companyName', co.company_name, 'siretNumber', co.siret_number, 'address1', co.address1, 'postCode', co.post_code, 'city', co.city
    ) end,
    'startDate', c.start_date, 'endDate', c.end_date, 'ruptureDate', c.rupture_date, 'ruptureCause', c.rupture_cause,
    'apprenticeMaster', ${personJson('m1')}, 'apprenticeMaster2', ${personJson('m2')}, 'manager', ${personJson('mg')}
  ) order by c.start_date desc, c.id desc), '[]'::json)
  from contracts c
  left join contract_types ct on ct.id = c.contract_type_id
  left join companies co on co.id = c.company_id
  left join users m1 on m1.id = c.apprentice_master_id
  left join users m2 on m2.id = c.apprentice_master2_id
  left join users mg on mg.id = c.manager_id
  where c.triad_id = ${triads.id}
)`;

/** The triad's latest timeline entries (newest first), each with its minute in epoch milliseconds. */
const timelineJson = (limit: number) => sql`(
  select coalesce(json_agg(json_build_object(
    'id', e.id, 'className', e.class_name, 'titlePart1', e.title_part1, 'titlePart2', e.title_part2,
    'minute', floor(extract(epoch from e.created_at) / 60) * 60000
  ) order by e.created_at desc, e.id desc), '[]'::json)
  from (
    select * from timeline_entries where triad_id = ${triads.id} order by created_at desc, id desc limit ${sql.raw(String(limit))}
  ) e
)`;

export type TriadViewContract = {
  id: number;
  contractType: { title: string } | null;
  company: {
    companyName: string;
    siretNumber: string | null;
    address1: string | null;
    postCode: string | null;
    city: string | null;
  } | null;
  startDate: string;
  endDate: string | null;
  ruptureDate: string | null;
  ruptureCause: string | null;
  apprenticeMaster: PersonRow | null;
  apprenticeMaster2: PersonRow | null;
  manager: PersonRow | null;
};

function buildTriadViewQuery(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      triad: triads,
      course: trainingCourses,
      isManager: sql<boolean>`exists (
        select 1 from training_course_managers m where m.training_course_id = ${trainingCourses.id} and m.user_id = ${userId}
      )`,
      training: { id: trainings.id, title: trainings.title },
      institution: {
        id: institutions.id,
        name: institutions.name,
        principalColor: institutions.principalColor,
        secondaryColor: institutions.secondaryColor,
      },
      institutionLogo: { pathName: files.pathName, originalName: files.originalName },
      crew: { id: crews.id, name: crews.name },
      secondary: sql<{ id: number; userType: number; user: PersonRow }[]>`${triadUsersJson}`,
      members: sql<PersonRow[]>`${membersJson}`,
      contracts: sql<TriadViewContract[]>`${contractsJson}`,
      timeline: sql<
        { id: number; className: string; titlePart1: string; titlePart2: string; minute: number | string }[]
      >`${timelineJson(TIMELINE_LENGTH)}`,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .innerJoin(institutions, eq(institutions.id, trainings.institutionId))
    .leftJoin(files, eq(files.id, institutions.logoFileId))
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .where(and(eq(triads.id, sql.placeholder('triadId')), eq(trainings.platformId, sql.placeholder('platformId'))))
    .limit(1)
    .prepare('triad_view');
}

/** Prepared once per database: GET triad/{id} runs it on every call. */
const triadViewQueries = new WeakMap<Db, ReturnType<typeof buildTriadViewQuery>>();

/**
 * Everything GET triad/{id} shows of the triad in one statement: `findTriadDetail`'s row with the
 * caller's manager relation, the secondary users, the six people, the contracts (their type,
 * company and people) and the latest timeline entries, the lists aggregated as JSON.
 */
export async function findTriadView(db: Db, params: { triadId: number; platformId: number; userId: number }) {
  let query = triadViewQueries.get(db);
  if (!query) {
    query = buildTriadViewQuery(db);
    triadViewQueries.set(db, query);
  }
  const [row] = await query.execute(params);
  return row ?? null;
}

export async function listTriadUsers(db: Db, triadId: number) {
  return db
    .select({ id: triadUsers.id, userType: triadUsers.userType, user: personColumns })
    .from(triadUsers)
    .innerJoin(users, eq(users.id, triadUsers.userId))
    .where(eq(triadUsers.triadId, triadId))
    .orderBy(asc(triadUsers.userType), asc(triadUsers.id));
}

export async function listContracts(db: Db, triadId: number) {
  return db
    .select({
      contract: contracts,
      contractTypeTitle: contractTypes.title,
      company: {
        companyName: companies.companyName,
        siretNumber: companies.siretNumber,
        address1: companies.address1,
        postCode: companies.postCode,
        city: companies.city,
      },
    })
    .from(contracts)
    .leftJoin(contractTypes, eq(contractTypes.id, contracts.contractTypeId))
    .leftJoin(companies, eq(companies.id, contracts.companyId))
    .where(eq(contracts.triadId, triadId))
    .orderBy(desc(contracts.startDate), desc(contracts.id));
}

export async function findPeople(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(users).where(inArray(users.id, ids));
}

/**
 * The course's active questionnaires with what decides their dates for a triad: the access windows,
 * the completeness date, and the crews (with their own dates) and triads they are restricted to.
 */
export async function listQuestionnaireDates(db: Db, courseId: number) {
  const rows = await db
    .select({
      id: questionnaires.id,
      title: questionnaires.title,
      active: questionnaires.active,
      visibleBy: questionnaires.visibleBy,
      accessDates: questionnaires.accessDates,
      useCrewDates: questionnaires.useCrewDates,
      completenessDate: questionnaires.completenessDate,
    })
    .from(questionnaires)
    .where(and(eq(questionnaires.trainingCourseId, courseId), eq(questionnaires.active, true)))
    .orderBy(asc(questionnaires.year), asc(questionnaires.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { questionnaires: rows, crews: [], triads: [] };
  const [crewRows, triadRows] = await Promise.all([
    db.select().from(questionnaireCrews).where(inArray(questionnaireCrews.questionnaireId, ids)),
    db
      .select({ questionnaireId: questionnaireTriads.questionnaireId, triadId: questionnaireTriads.triadId })
      .from(questionnaireTriads)
      .where(inArray(questionnaireTriads.questionnaireId, ids)),
  ]);
  return { questionnaires: rows, crews: crewRows, triads: triadRows };
}
