import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { trainingCourseManagers, triads, triadUsers } from '../db/schema/index.js';

/** The member columns of `triads` or of an alias of it. */
type TriadColumns = Record<
  'id' | 'apprenticeId' | 'tutorId' | 'tutor2Id' | 'apprenticeMasterId' | 'apprenticeMaster2Id' | 'companyManagerId',
  AnyPgColumn
>;

/**
 * The user is a member of the triad: one of its six people or a secondary user. Written as ORs of
 * equalities so that PostgreSQL can combine the per-column indexes.
 */
export function isTriadMember(db: DbOrTx, triad: TriadColumns, userId: number): SQL {
  return or(
    eq(triad.apprenticeId, userId),
    eq(triad.tutorId, userId),
    eq(triad.tutor2Id, userId),
    eq(triad.apprenticeMasterId, userId),
    eq(triad.apprenticeMaster2Id, userId),
    eq(triad.companyManagerId, userId),
    exists(
      db
        .select({ one: triadUsers.id })
        .from(triadUsers)
        .where(and(eq(triadUsers.triadId, triad.id), eq(triadUsers.userId, userId))),
    ),
  ) as SQL;
}

/** The user is a member of at least one triad of the course whose id column is given. */
export function isCourseMember(db: DbOrTx, courseId: AnyPgColumn | number, userId: number): SQL<boolean> {
  const member = alias(triads, 'member_triad');
  return sql<boolean>`${exists(
    db
      .select({ one: member.id })
      .from(member)
      .where(and(eq(member.trainingCourseId, courseId), isTriadMember(db, member, userId))),
  )}`;
}

/** The user manages the course (training_course_managers). */
export function isCourseManager(db: DbOrTx, courseId: AnyPgColumn | number, userId: number): SQL<boolean> {
  const manager = alias(trainingCourseManagers, 'course_manager');
  return sql<boolean>`${exists(
    db
      .select({ one: manager.userId })
      .from(manager)
      .where(and(eq(manager.trainingCourseId, courseId), eq(manager.userId, userId))),
  )}`;
}

/** `%text%` for ILIKE, with the LIKE wildcards of the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A search text is used from 2 characters on (spec 2 §5). */
export function searchText(search: string | undefined): string | null {
  const text = search?.trim() ?? '';
  return text.length >= 2 ? text : null;
}
