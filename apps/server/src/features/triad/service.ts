import { type Contract, type Locale, type PersonSummary, type TimelineKind, type Triad, type TriadListResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { publicFileUrl, type FileLinks } from '../../services/file-links.js';
import type { Caller } from '../../http/caller.js';
import { searchText } from '../../services/triad-membership.js';
import { triadProfilesOf } from '../../services/triad-access.js';
import { documentViewerOf, listHomeDocuments } from '../../services/home-documents.js';
import { triadMenu } from '../../services/course-modules.js';
import type { CacheBus } from '../../services/shared-cache.js';
import { findCourseTriadPage, findTriadDetail, findTriadView, listTriadUsers } from './queries.js';
import { textRef } from '../../texts/index.js';

/** Who is asking: the signed-in user on the request's platform. */

type Person = { id: number; firstName: string; lastName: string; email: string };

export function toPersonSummary(person: Person | null | undefined): PersonSummary | null {
  if (!person) return null;
  return { ...person, fullName: `${person.firstName} ${person.lastName}`.trim() };
}

export type TriadListInput = { courseId: number; archive: number; page: number; length: number; search?: string };

/** Managers and administrators see every triad of the course; members only their own. One statement (findCourseTriadPage). */
export async function listCourseTriads(db: Db, caller: Caller, input: TriadListInput): Promise<TriadListResponse> {
  const search = searchText(input.search);
  const active = input.archive !== 2;
  const offset = input.page * input.length;
  const { course, total, triads } = await findCourseTriadPage(db, {
    courseId: input.courseId,
    platformId: caller.platformId,
    userId: caller.userId,
    admin: caller.admin,
    active,
    search,
    limit: input.length,
    offset,
  });
  if (!course) throw notFound(textRef('common.courseNotFound'));
  if (!caller.admin && !course.isManager && !course.isMember) throw forbidden();
  return {
    count: total,
    triads: triads.map((row) => ({
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

/**
 * GET triad/{id} (spec 2 §2): two statements, the triad with everything of its own (people,
 * secondary users, contracts, timeline; findTriadView) and the documents block; the course's menu
 * and skin come from the shared cache ('courseMenu') when given. 404 before 403, as loadTriadAccess.
 */
export async function getTriad(
  db: Db,
  caller: Caller,
  triadId: number,
  links: FileLinks,
  locale: Locale,
  today = new Date().toISOString().slice(0, 10),
  cache: CacheBus | null = null,
): Promise<Triad> {
  const view = await findTriadView(db, { triadId, platformId: caller.platformId, userId: caller.userId });
  if (!view) throw notFound(textRef('common.triadNotFound'));
  const { triad, course } = view;
  const memberIds = [
    triad.apprenticeId,
    triad.tutorId,
    triad.tutor2Id,
    triad.apprenticeMasterId,
    triad.apprenticeMaster2Id,
    triad.companyManagerId,
  ];
  const isMember = memberIds.includes(caller.userId) || view.secondary.some((row) => row.user.id === caller.userId);
  if (!isMember && !view.isManager && !caller.admin) throw forbidden();
  const roles = triadProfilesOf(triad, caller.userId, view.isManager || caller.admin);
  const [homeDocuments, shell] = await Promise.all([
    listHomeDocuments(
      db,
      {
        triadId: triad.id,
        courseId: course.id,
        platformId: caller.platformId,
        displayDocument: course.displayDocument,
        viewer: documentViewerOf(caller.userId, roles, view.isManager || caller.admin),
        links,
      },
      cache,
    ),
    triadMenu(cache, db, { id: course.id, platformId: caller.platformId }, triad.id, locale),
  ]);
  const people = new Map(view.members.map((person) => [person.id, person]));
  const person = (id: number | null) => toPersonSummary(id === null ? null : people.get(id));
  const contractList: Contract[] = view.contracts.map((contract) => ({
    ...contract,
    apprenticeMaster: toPersonSummary(contract.apprenticeMaster),
    apprenticeMaster2: toPersonSummary(contract.apprenticeMaster2),
    manager: toPersonSummary(contract.manager),
  }));
  const logo = view.institutionLogo;
  return {
    id: triad.id,
    active: triad.active,
    apprentice: person(triad.apprenticeId),
    tutor: person(triad.tutorId),
    tutor2: person(triad.tutor2Id),
    apprenticeMaster: person(triad.apprenticeMasterId),
    apprenticeMaster2: person(triad.apprenticeMaster2Id),
    companyManager: person(triad.companyManagerId),
    triadUsers: view.secondary.map((row) => {
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
      isLeaManager: view.isManager,
      archive: course.archived,
      startYear: course.startYear,
      endYear: course.endYear,
      menu: shell.menu,
      skin: shell.skin,
      infoBlocks: course.infoBlocks,
      displayDocument: course.displayDocument,
      blocNameDocument: course.blocNameDocument,
    },
    training: {
      id: view.training.id,
      title: view.training.title,
      institution: {
        ...view.institution,
        // An institution's logo is public on its platform: the file route serves it by record.
        logo: logo ? publicFileUrl('inline', logo) : null,
      },
    },
    crew: view.crew,
    timelines: view.timeline.map((entry) => ({
      id: entry.id,
      className: entry.className as TimelineKind,
      titlePart1: entry.titlePart1,
      titlePart2: entry.titlePart2,
      minute: new Date(Number(entry.minute)).toISOString(),
    })),
    ...homeDocuments,
  };
}
