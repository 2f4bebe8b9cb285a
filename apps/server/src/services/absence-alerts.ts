import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import {
  absenceAlerts,
  absenceConfigs,
  calendarEvents,
  courseAbsenceConfigs,
  mailOutbox,
  timelineEntries,
  trainingCourseManagers,
  trainingCourses,
  trainings,
  triads,
  users,
} from '../db/schema/index.js';
import { text } from '../texts/index.js';
import { RECIPIENT_LOCALE } from '../texts/mail.js';
import { EVENT_TYPE } from './attendance.js';
import { recordTimeline } from './timeline.js';

/**
 * Absence alerts (issue 15 §5, decision 031): when a triad's unjustified absence hours pass its course's threshold
 * (the course's own, else the platform's), the course's managers and the triad's tutors get one e-mail and the
 * triad's timeline says so. Once per crossing, whatever the number of server processes: the mails are queued by
 * the transaction that inserts the triad's `absence_alerts` row, unique per triad, so a second process's insert
 * does nothing; the row goes when the hours fall back to the threshold or below, which opens the next crossing.
 * Call it in the transaction of every write that changes a triad's absences; the mails are the outbox's queued rows,
 * which `ctx.mailer.deliverQueued()` sends once that transaction has committed.
 */
export async function effectiveThreshold(db: DbOrTx, courseId: number): Promise<number | null> {
  const [row] = await db
    .select({ course: courseAbsenceConfigs.alertThresholdHours, platform: absenceConfigs.alertThresholdHours })
    .from(trainingCourses)
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .leftJoin(courseAbsenceConfigs, eq(courseAbsenceConfigs.trainingCourseId, trainingCourses.id))
    .leftJoin(absenceConfigs, eq(absenceConfigs.platformId, trainings.platformId))
    .where(eq(trainingCourses.id, courseId));
  const value = row?.course ?? row?.platform ?? null;
  return value === null ? null : Number(value);
}

async function unjustifiedHoursOf(db: DbOrTx, triadId: number): Promise<number> {
  const [row] = await db
    .select({ hours: sql<string>`coalesce(sum(${calendarEvents.hours}), 0)` })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.triadId, triadId), eq(calendarEvents.type, EVENT_TYPE.absence), eq(calendarEvents.justified, false)));
  return Math.round(Number(row?.hours ?? 0) * 100) / 100;
}

/** Checks the triads' unjustified hours against their threshold; answers the triads alerted now. */
export async function checkAbsenceAlerts(tx: Tx, triadIds: readonly (number | null)[]): Promise<number[]> {
  const alerted: number[] = [];
  for (const triadId of new Set(triadIds)) if (triadId !== null && (await checkTriad(tx, triadId))) alerted.push(triadId);
  return alerted;
}

/** After a threshold change: every triad of a course, or of a platform, with absences. */
export async function checkCourseAlerts(tx: Tx, where: { courseId: number } | { platformId: number }): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ triadId: calendarEvents.triadId })
    .from(calendarEvents)
    .innerJoin(trainingCourses, eq(trainingCourses.id, calendarEvents.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(
      and(
        eq(calendarEvents.type, EVENT_TYPE.absence),
        'courseId' in where ? eq(trainingCourses.id, where.courseId) : eq(trainings.platformId, where.platformId),
      ),
    );
  return checkAbsenceAlerts(
    tx,
    rows.map((row) => row.triadId),
  );
}

async function checkTriad(tx: Tx, triadId: number): Promise<boolean> {
  const [triad] = await tx
    .select({
      id: triads.id,
      courseId: triads.trainingCourseId,
      course: trainingCourses.displayName,
      platformId: trainings.platformId,
      apprenticeId: triads.apprenticeId,
      tutorId: triads.tutorId,
      tutor2Id: triads.tutor2Id,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .innerJoin(trainings, eq(trainings.id, trainingCourses.trainingId))
    .where(eq(triads.id, triadId));
  if (!triad) return false;
  const threshold = await effectiveThreshold(tx, triad.courseId);
  const hours = await unjustifiedHoursOf(tx, triadId);
  if (threshold === null || hours <= threshold) {
    await tx.delete(absenceAlerts).where(eq(absenceAlerts.triadId, triadId));
    return false;
  }
  const [inserted] = await tx
    .insert(absenceAlerts)
    .values({ triadId, thresholdHours: threshold, unjustifiedHours: hours })
    .onConflictDoNothing({ target: absenceAlerts.triadId })
    .returning({ id: absenceAlerts.id });
  if (!inserted) return false;

  const locale = RECIPIENT_LOCALE;
  const [apprentice] = triad.apprenticeId
    ? await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, triad.apprenticeId))
    : [];
  const name = apprentice ? `${apprentice.firstName} ${apprentice.lastName}` : text(locale, 'calendar.apprentice');
  const tutorIds = [triad.tutorId, triad.tutor2Id].filter((id): id is number => id !== null);
  const recipients = await tx
    .selectDistinct({ email: users.email })
    .from(users)
    .leftJoin(trainingCourseManagers, eq(trainingCourseManagers.userId, users.id))
    .where(
      and(
        eq(users.active, true),
        isNotNull(users.email),
        sql`(${trainingCourseManagers.trainingCourseId} = ${triad.courseId} or ${tutorIds.length ? inArray(users.id, tutorIds) : sql`false`})`,
      ),
    );
  const params = { name, course: triad.course, hours: String(hours), threshold: String(threshold) };
  if (recipients.length > 0) {
    await tx.insert(mailOutbox).values(
      recipients.map((recipient) => ({
        toAddress: recipient.email,
        subject: text(locale, 'calendar.alertSubject', params).slice(0, 255),
        text: text(locale, 'calendar.alertBody', params),
        platformId: triad.platformId,
        trainingCourseId: triad.courseId,
        kind: 'absence-alert',
        status: 'queued',
      })),
    );
  }
  await recordTimeline(tx, {
    triadId,
    className: 'absence',
    titlePart1: name,
    titlePart2: text(locale, 'calendar.timelineAlert', { hours: String(hours) }),
    userId: null,
  });
  return true;
}

/**
 * The timeline lines alerts leave (checkTriad above: an `absence` line of nobody, worded calendar.timelineAlert), as a
 * condition on `timeline_entries`: the per-triad record of the alerts sent, which the Qualiopi report counts.
 */
export function isAbsenceAlertEntry(): SQL {
  const [prefix = ''] = text(RECIPIENT_LOCALE, 'calendar.timelineAlert', { hours: '\u0000' }).split('\u0000');
  return sql`(${timelineEntries.className} = 'absence' and ${timelineEntries.userId} is null
    and left(${timelineEntries.titlePart2}, ${prefix.length}) = ${prefix})`;
}
