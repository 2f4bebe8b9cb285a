import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { containsPattern, isCourseManager, isCourseMember, isTriadMember } from '../../services/triad-membership.js';

export const personColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** The course with its caller relations, or null when it is unknown or of another platform. */
export async function findCourseRelations(db: Db, params: { courseId: number; platformId: number; userId: number }) {
  const [row] = await db
    .select({
      id: trainingCourses.id,
      isManager: isCourseManager(db, trainingCourses.id, params.userId),
      isMember: isCourseMember(db, trainingCourses.id, params.userId),
    })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(and(eq(trainingCourses.id, params.courseId), eq(trainings.platformId, params.platformId)))
    .limit(1);
  return row ?? null;
}

export type TriadListFilter = {
  courseId: number;
  active: boolean;
  /** null: every triad of the course (managers, administrators). */
  memberId: number | null;
  search: string | null;
  limit: number;
  offset: number;
};

const apprentice = alias(users, 'apprentice');
const tutor = alias(users, 'tutor');
const master = alias(users, 'apprentice_master');

function triadListWhere(db: Db, filter: TriadListFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(triads.trainingCourseId, filter.courseId), eq(triads.active, filter.active)];
  if (filter.memberId !== null) conditions.push(isTriadMember(db, triads, filter.memberId));
  if (filter.search !== null) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(apprentice.firstName, pattern),
        ilike(apprentice.lastName, pattern),
        ilike(sql`${apprentice.firstName} || ' ' || ${apprentice.lastName}`, pattern),
      ),
    );
  }
  return and(...conditions) as SQL;
}

/**
 * One page of a course's triad cards, ordered by apprentice name; paged by the database. The page's
 * ids are chosen on the triads and their apprentices alone, and only those rows get the tutor,
 * master and crew joins: on a course of 1,000 triads the joins touch 50 rows instead of 1,000.
 */
export async function listTriadCards(db: Db, filter: TriadListFilter) {
  const pageIds = db
    .select({ id: triads.id })
    .from(triads)
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .where(triadListWhere(db, filter))
    .orderBy(asc(apprentice.lastName), asc(apprentice.firstName), asc(triads.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return db
    .select({
      id: triads.id,
      active: triads.active,
      apprentice: { id: apprentice.id, firstName: apprentice.firstName, lastName: apprentice.lastName, email: apprentice.email },
      tutor: { id: tutor.id, firstName: tutor.firstName, lastName: tutor.lastName, email: tutor.email },
      apprenticeMaster: { id: master.id, firstName: master.firstName, lastName: master.lastName, email: master.email },
      crew: { id: crews.id, name: crews.name },
    })
    .from(triads)
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .leftJoin(tutor, eq(tutor.id, triads.tutorId))
    .leftJoin(master, eq(master.id, triads.apprenticeMasterId))
    .leftJoin(crews, eq(crews.id, triads.crewId))
    .where(inArray(triads.id, pageIds))
    .orderBy(asc(apprentice.lastName), asc(apprentice.firstName), asc(triads.id));
}

export async function countTriadCards(db: Db, filter: TriadListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(triads)
    .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
    .where(triadListWhere(db, filter));
  return row?.n ?? 0;
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
