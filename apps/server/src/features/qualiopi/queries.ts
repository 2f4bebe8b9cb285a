import { and, asc, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { QualiopiContract } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  contracts,
  contractTypes,
  mailOutbox,
  skillAnswers,
  skillReplies,
  skillSessions,
  timelineEntries,
  triads,
  users,
} from '../../db/schema/index.js';
import { isAbsenceAlertEntry } from '../../services/absence-alerts.js';

/**
 * What the Qualiopi report reads besides the questionnaire dashboard's data: one query each, for
 * every triad of the course at once (never one per apprentice).
 */

export type Period = { from: string; to: string };

/** The day of an instant in Europe/Paris, the organisation's calendar. */
const parisDay = (column: unknown) => sql`(${column} at time zone 'Europe/Paris')::date`;
const dayIn = (column: unknown, period: Period) => sql`${parisDay(column)} between ${period.from}::date and ${period.to}::date`;

/** The course's test triads (a manager's sandbox, spec 3 §2.2 add test triad): never reported. */
export async function testTriadIds(db: DbOrTx, courseId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: triads.id })
    .from(triads)
    .where(and(eq(triads.trainingCourseId, courseId), eq(triads.isTest, true)));
  return new Set(rows.map((row) => row.id));
}

/** The contracts of the course's triads that run in the period (ended at their rupture when broken off), by start. */
export async function contractsInPeriod(db: DbOrTx, courseId: number, period: Period): Promise<Map<number, QualiopiContract[]>> {
  const end = sql`coalesce(${contracts.ruptureDate}, ${contracts.endDate})`;
  const rows = await db
    .select({
      triadId: contracts.triadId,
      type: contractTypes.title,
      company: companies.companyName,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      ruptureDate: contracts.ruptureDate,
    })
    .from(contracts)
    .innerJoin(triads, eq(triads.id, contracts.triadId))
    .leftJoin(contractTypes, eq(contractTypes.id, contracts.contractTypeId))
    .leftJoin(companies, eq(companies.id, contracts.companyId))
    .where(
      and(
        eq(triads.trainingCourseId, courseId),
        lte(contracts.startDate, period.to),
        or(sql`${end} is null`, sql`${end} >= ${period.from}::date`),
      ),
    )
    .orderBy(asc(contracts.startDate), asc(contracts.id));
  const byTriad = new Map<number, QualiopiContract[]>();
  for (const { triadId, ...contract } of rows) byTriad.set(triadId, [...(byTriad.get(triadId) ?? []), contract]);
  return byTriad;
}

export type SkillSession = { id: number; name: string };
export type SkillEvaluation = { triadId: number; sessionId: number; skills: number };

/**
 * The course's skill sessions that overlap the period, and per triad and session how many skills
 * someone rated (a level above 0), in two queries.
 */
export async function skillEvaluations(
  db: DbOrTx,
  courseId: number,
  period: Period,
): Promise<{ sessions: SkillSession[]; evaluations: SkillEvaluation[] }> {
  const overlapping = and(
    eq(skillSessions.trainingCourseId, courseId),
    lte(skillSessions.startDate, period.to),
    gte(skillSessions.endDate, period.from),
  );
  const [sessions, evaluations] = await Promise.all([
    db
      .select({ id: skillSessions.id, name: skillSessions.name })
      .from(skillSessions)
      .where(overlapping)
      .orderBy(asc(skillSessions.startDate), asc(skillSessions.position), asc(skillSessions.id)),
    db
      .select({
        triadId: skillReplies.triadId,
        sessionId: skillReplies.skillSessionId,
        skills: sql<number>`count(distinct ${skillAnswers.skillId})::int`,
      })
      .from(skillReplies)
      .innerJoin(skillAnswers, eq(skillAnswers.skillReplyId, skillReplies.id))
      .innerJoin(skillSessions, eq(skillSessions.id, skillReplies.skillSessionId))
      .where(and(overlapping, sql`${skillAnswers.value} > 0`))
      .groupBy(skillReplies.triadId, skillReplies.skillSessionId),
  ]);
  return { sessions, evaluations: evaluations.map((row) => ({ ...row, skills: Number(row.skills) })) };
}

/** Per triad of the course, the absence alerts sent in the period (the timeline line each one leaves). */
export async function absenceAlertsInPeriod(db: DbOrTx, courseId: number, period: Period): Promise<Map<number, number>> {
  const rows = await db
    .select({ triadId: timelineEntries.triadId, count: sql<number>`count(*)::int` })
    .from(timelineEntries)
    .innerJoin(triads, eq(triads.id, timelineEntries.triadId))
    .where(and(eq(triads.trainingCourseId, courseId), isAbsenceAlertEntry(), dayIn(timelineEntries.createdAt, period)))
    .groupBy(timelineEntries.triadId);
  return new Map(rows.map((row) => [row.triadId, Number(row.count)]));
}

/**
 * The reminders of the course (mails of kind `reminder`, failed ones left out) written in the
 * period to a member of a triad (apprentice, tutors, masters), as (mail, triad) pairs: a mail
 * names no triad, so it is matched by its address.
 */
export async function remindersInPeriod(db: DbOrTx, courseId: number, period: Period): Promise<{ mailId: number; triadId: number }[]> {
  return db
    .selectDistinct({ mailId: mailOutbox.id, triadId: triads.id })
    .from(mailOutbox)
    .innerJoin(triads, eq(triads.trainingCourseId, mailOutbox.trainingCourseId))
    .innerJoin(
      users,
      and(
        sql`${users.id} in (${triads.apprenticeId}, ${triads.tutorId}, ${triads.tutor2Id}, ${triads.apprenticeMasterId}, ${triads.apprenticeMaster2Id})`,
        sql`lower(${users.email}) = lower(${mailOutbox.toAddress})`,
      ),
    )
    .where(
      and(
        eq(mailOutbox.trainingCourseId, courseId),
        eq(mailOutbox.kind, 'reminder'),
        ne(mailOutbox.status, 'failed'),
        dayIn(mailOutbox.createdAt, period),
      ),
    );
}
