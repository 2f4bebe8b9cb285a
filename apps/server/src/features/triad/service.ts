import { type Contract, type PersonSummary, type Triad, type TriadListResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { publicFileUrl, type FileLinks } from '../../services/file-links.js';
import type { Caller } from '../../http/caller.js';
import { searchText } from '../../services/triad-membership.js';
import { triadProfilesOf } from '../../services/triad-access.js';
import { listTimeline } from '../../services/timeline.js';
import { documentViewerOf, listHomeDocuments } from '../../services/home-documents.js';
import {
  countTriadCards,
  findCourseRelations,
  findPeople,
  findTriadDetail,
  listContracts,
  listTriadCards,
  listTriadUsers,
} from './queries.js';
import { textRef } from '../../texts/index.js';

/** Who is asking: the signed-in user on the request's platform. */

type Person = { id: number; firstName: string; lastName: string; email: string };

export function toPersonSummary(person: Person | null | undefined): PersonSummary | null {
  if (!person) return null;
  return { ...person, fullName: `${person.firstName} ${person.lastName}`.trim() };
}

export type TriadListInput = { courseId: number; archive: number; page: number; length: number; search?: string };

/** Managers and administrators see every triad of the course; members only their own. */
export async function listCourseTriads(db: Db, caller: Caller, input: TriadListInput): Promise<TriadListResponse> {
  const course = await findCourseRelations(db, { courseId: input.courseId, platformId: caller.platformId, userId: caller.userId });
  if (!course) throw notFound(textRef('common.courseNotFound'));
  const seesAll = caller.admin || course.isManager;
  if (!seesAll && !course.isMember) throw forbidden();
  const filter = {
    courseId: course.id,
    active: input.archive !== 2,
    memberId: seesAll ? null : caller.userId,
    search: searchText(input.search),
    limit: input.length,
    offset: input.page * input.length,
  };
  const [rows, total] = await Promise.all([listTriadCards(db, filter), countTriadCards(db, filter)]);
  return {
    count: total,
    triads: rows.map((row) => ({
      id: row.id,
      active: row.active,
      apprentice: toPersonSummary(row.apprentice),
      tutor: toPersonSummary(row.tutor),
      apprenticeMaster: toPersonSummary(row.apprenticeMaster),
      crew: row.crew,
    })),
  };
}

/** The contract running today, else the most recent one (contracts arrive newest first). */
function pickActiveContract(list: Contract[], today: string): Contract | null {
  const running = list.find(
    (contract) =>
      contract.startDate <= today &&
      (contract.endDate === null || contract.endDate >= today) &&
      (contract.ruptureDate === null || contract.ruptureDate > today),
  );
  return running ?? list[0] ?? null;
}

export type TriadAccess = {
  detail: NonNullable<Awaited<ReturnType<typeof findTriadDetail>>>;
  secondary: Awaited<ReturnType<typeof listTriadUsers>>;
  /** The caller's profile numbers in this triad. */
  roles: number[];
  isMember: boolean;
};

/**
 * Loads a triad of the caller's platform and checks the caller may see it: a member (one of its
 * people or a secondary user), a manager of its course, or an administrator. 404 before 403.
 */
export async function loadTriadAccess(db: Db, caller: Caller, triadId: number): Promise<TriadAccess> {
  // The secondary users are asked for at the same time: they only leave this function once access is granted.
  const [detail, secondary] = await Promise.all([
    findTriadDetail(db, { triadId, platformId: caller.platformId, userId: caller.userId }),
    listTriadUsers(db, triadId),
  ]);
  if (!detail) throw notFound(textRef('common.triadNotFound'));
  const { triad } = detail;
  const memberIds = [
    triad.apprenticeId,
    triad.tutorId,
    triad.tutor2Id,
    triad.apprenticeMasterId,
    triad.apprenticeMaster2Id,
    triad.companyManagerId,
  ];
  const isMember = memberIds.includes(caller.userId) || secondary.some((row) => row.user.id === caller.userId);
  if (!isMember && !detail.isManager && !caller.admin) throw forbidden();
  return { detail, secondary, roles: triadProfilesOf(triad, caller.userId, detail.isManager || caller.admin), isMember };
}

export async function getTriad(
  db: Db,
  caller: Caller,
  triadId: number,
  links: FileLinks,
  today = new Date().toISOString().slice(0, 10),
): Promise<Triad> {
  const { detail, secondary, roles } = await loadTriadAccess(db, caller, triadId);
  const { triad, course } = detail;
  const memberIds = [
    triad.apprenticeId,
    triad.tutorId,
    triad.tutor2Id,
    triad.apprenticeMasterId,
    triad.apprenticeMaster2Id,
    triad.companyManagerId,
  ];
  // Independent reads run together (one round trip of latency on PostgreSQL's pool).
  const [contractRows, timelines, homeDocuments, members] = await Promise.all([
    listContracts(db, triad.id),
    listTimeline(db, triad.id),
    listHomeDocuments(db, {
      triadId: triad.id,
      courseId: course.id,
      platformId: caller.platformId,
      displayDocument: course.displayDocument,
      viewer: documentViewerOf(caller.userId, roles, detail.isManager || caller.admin),
      links,
    }),
    findPeople(
      db,
      memberIds.filter((id) => id !== null),
    ),
  ]);
  const people = new Map(members.map((person) => [person.id, person]));
  // A contract's master or manager is nearly always a member already; the others are read after.
  const missing = new Set<number>();
  for (const { contract } of contractRows) {
    for (const id of [contract.apprenticeMasterId, contract.apprenticeMaster2Id, contract.managerId])
      if (id !== null && !people.has(id)) missing.add(id);
  }
  for (const person of await findPeople(db, [...missing])) people.set(person.id, person);
  const person = (id: number | null) => toPersonSummary(id === null ? null : people.get(id));
  const contractList: Contract[] = contractRows.map(({ contract, contractTypeTitle, company }) => ({
    id: contract.id,
    contractType: contractTypeTitle === null ? null : { title: contractTypeTitle },
    company,
    startDate: contract.startDate,
    endDate: contract.endDate,
    ruptureDate: contract.ruptureDate,
    ruptureCause: contract.ruptureCause,
    apprenticeMaster: person(contract.apprenticeMasterId),
    apprenticeMaster2: person(contract.apprenticeMaster2Id),
    manager: person(contract.managerId),
  }));
  const logo = detail.institutionLogo;
  return {
    id: triad.id,
    active: triad.active,
    apprentice: person(triad.apprenticeId),
    tutor: person(triad.tutorId),
    tutor2: person(triad.tutor2Id),
    apprenticeMaster: person(triad.apprenticeMasterId),
    apprenticeMaster2: person(triad.apprenticeMaster2Id),
    companyManager: person(triad.companyManagerId),
    triadUsers: secondary.map((row) => {
      const user = toPersonSummary(row.user) as PersonSummary;
      return { id: row.id, user, userType: row.userType, triadUserName: user.fullName };
    }),
    userRoles: roles,
    contracts: contractList,
    activeContract: pickActiveContract(contractList, today),
    profileLabels: course.profileLabels,
    leaManagerColumn: course.leaManagerColumn,
    trainingCourse: {
      id: course.id,
      displayName: course.displayName,
      isLeaManager: detail.isManager,
      archive: course.archived,
      startYear: course.startYear,
      endYear: course.endYear,
      menu: course.menu,
      infoBlocks: course.infoBlocks,
      displayDocument: course.displayDocument,
      blocNameDocument: course.blocNameDocument,
    },
    training: {
      id: detail.training.id,
      title: detail.training.title,
      institution: {
        ...detail.institution,
        // An institution's logo is public on its platform: the file route serves it by record.
        logo: logo ? publicFileUrl('inline', logo) : null,
      },
    },
    crew: detail.crew,
    timelines,
    ...homeDocuments,
  };
}
