import { and, asc, count, eq, exists, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ManagerTriad, ManagerTriadListResponse, PersonSummary } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { contracts, crews, replies, triads, triadUsers, users } from '../../db/schema/index.js';
import type { ManagedCourse, Locale } from '../../generic/types.js';
import { text } from '../../texts/index.js';

type PersonColumns = { id: number; firstName: string; lastName: string; email: string };

function summaryOf(row: PersonColumns | null): PersonSummary | null {
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
  };
}

const apprentice = alias(users, 'list_apprentice');
const tutor = alias(users, 'list_tutor');
const master = alias(users, 'list_master');
const manager = alias(users, 'list_manager');

/**
 * GET triad/list (spec 3 §2.2): one widget per crew in crew order, triads with their four person
 * columns, secondary users, contract count and signed flag. Three queries whatever the size of the
 * course (crews; triads with people and per-triad aggregates; secondary users), so a course of
 * 1,000 triads answers in one round of reads.
 */
export async function listCourseTriads(db: Db, course: ManagedCourse, locale: Locale): Promise<ManagerTriadListResponse> {
  const counted = alias(contracts, 'counted_contract');
  const signed = alias(replies, 'signed_reply');
  const [crewRows, triadRows, secondaryRows] = await Promise.all([
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(asc(crews.position), asc(crews.id)),
    db
      .select({
        id: triads.id,
        crewId: triads.crewId,
        active: triads.active,
        isTest: triads.isTest,
        apprentice: { id: apprentice.id, firstName: apprentice.firstName, lastName: apprentice.lastName, email: apprentice.email },
        tutor: { id: tutor.id, firstName: tutor.firstName, lastName: tutor.lastName, email: tutor.email },
        master: { id: master.id, firstName: master.firstName, lastName: master.lastName, email: master.email },
        manager: { id: manager.id, firstName: manager.firstName, lastName: manager.lastName, email: manager.email },
        contractCount: sql<number>`(${db.select({ n: count() }).from(counted).where(eq(counted.triadId, triads.id))})`.mapWith(Number),
        isSigned: sql<boolean>`${exists(
          db
            .select({ one: signed.id })
            .from(signed)
            .where(and(eq(signed.triadId, triads.id), eq(signed.status, 3))),
        )}`,
      })
      .from(triads)
      .leftJoin(apprentice, eq(apprentice.id, triads.apprenticeId))
      .leftJoin(tutor, eq(tutor.id, triads.tutorId))
      .leftJoin(master, eq(master.id, triads.apprenticeMasterId))
      .leftJoin(manager, eq(manager.id, triads.companyManagerId))
      .where(eq(triads.trainingCourseId, course.id))
      .orderBy(asc(apprentice.lastName), asc(apprentice.firstName), asc(triads.id)),
    db
      .select({
        id: triadUsers.id,
        triadId: triadUsers.triadId,
        userType: triadUsers.userType,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(triadUsers)
      .innerJoin(users, eq(users.id, triadUsers.userId))
      .where(inArray(triadUsers.triadId, db.select({ id: triads.id }).from(triads).where(eq(triads.trainingCourseId, course.id))))
      .orderBy(asc(users.lastName), asc(users.firstName)),
  ]);

  const secondaryOf = new Map<number, ManagerTriad['triadUsers']>();
  for (const row of secondaryRows) {
    const list = secondaryOf.get(row.triadId) ?? [];
    list.push({ id: row.id, userType: row.userType, user: summaryOf(row.user)! });
    secondaryOf.set(row.triadId, list);
  }
  const byCrew = new Map<number | null, ManagerTriad[]>();
  for (const row of triadRows) {
    const triad: ManagerTriad = {
      id: row.id,
      active: row.active,
      isTest: row.isTest,
      apprentice: summaryOf(row.apprentice),
      tutor: summaryOf(row.tutor),
      apprenticeMaster: summaryOf(row.master),
      manager: summaryOf(row.manager),
      triadUsers: secondaryOf.get(row.id) ?? [],
      contractCount: row.contractCount,
      isAlreadyQuestionnaireSigned: row.isSigned,
    };
    const list = byCrew.get(row.crewId) ?? [];
    list.push(triad);
    byCrew.set(row.crewId, list);
  }
  const widgets: ManagerTriadListResponse['crews'] = crewRows.map((crew) => ({
    id: crew.id,
    title: crew.title,
    triads: byCrew.get(crew.id) ?? [],
  }));
  const orphans = byCrew.get(null);
  if (orphans) widgets.push({ id: null, title: text(locale, 'manager.noCrew'), triads: orphans });
  return { crews: widgets };
}
