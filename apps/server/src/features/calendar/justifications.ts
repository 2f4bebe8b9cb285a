import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { JUSTIFICATION_STATUS, type AbsenceJustification, type GenericActionResponse, type JustificationDecision } from '@lea/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { absenceJustificationFiles, absenceJustifications, calendarEvents, files, users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { auditWrite } from '../../generic/audit.js';
import { done } from '../../generic/envelopes.js';
import type { ManagerScope } from '../../generic/types.js';
import { checkAbsenceAlerts } from '../../services/absence-alerts.js';
import { EVENT_TYPE } from '../../services/attendance.js';
import { dayLabel } from '../../services/calendar-events.js';
import type { FileLinks } from '../../services/file-links.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { text, textRef } from '../../texts/index.js';
import { RECIPIENT_LOCALE } from '../../texts/mail.js';

/**
 * GET /app/event/justifications/{id}: the justifications of an absence, newest first, with links to their files
 * signed for the reader: the triad's members and the course's managers (403 otherwise, 404 for an unknown absence).
 */
export async function listJustifications(db: Db, caller: Caller, eventId: number, links: FileLinks): Promise<AbsenceJustification[]> {
  const [event] = await db
    .select({ triadId: calendarEvents.triadId })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.type, EVENT_TYPE.absence)));
  if (!event?.triadId) throw notFound(textRef('calendar.eventNotFound'));
  await resolveTriadAccess(db, caller, event.triadId, { module: 'MODULE_LEA_ABSENCE' });
  const rows = await db
    .select({ justification: absenceJustifications, firstName: users.firstName, lastName: users.lastName })
    .from(absenceJustifications)
    .leftJoin(users, eq(users.id, absenceJustifications.authorId))
    .where(eq(absenceJustifications.eventId, eventId))
    .orderBy(desc(absenceJustifications.id));
  const ids = rows.map((row) => row.justification.id);
  const attached = ids.length
    ? await db
        .select({ justificationId: absenceJustificationFiles.justificationId, file: files })
        .from(absenceJustificationFiles)
        .innerJoin(files, eq(files.id, absenceJustificationFiles.fileId))
        .where(inArray(absenceJustificationFiles.justificationId, ids))
        .orderBy(asc(files.id))
    : [];
  return rows.map(({ justification, firstName, lastName }) => ({
    id: justification.id,
    eventId: justification.eventId,
    comment: justification.comment,
    status: justification.status as AbsenceJustification['status'],
    refusalReason: justification.refusalReason,
    author: firstName ? `${firstName} ${lastName}` : null,
    createdAt: justification.createdAt.toISOString(),
    decidedAt: justification.decidedAt?.toISOString() ?? null,
    files: attached
      .filter((row) => row.justificationId === justification.id)
      .map(({ file }) => ({
        id: file.id,
        pathName: file.pathName,
        name: file.name,
        originalName: file.originalName,
        mimeType: file.mimeType,
        url: links.download(file),
      })),
  }));
}

async function justificationOfCourse(db: DbOrTx, courseId: number, id: number) {
  const [row] = await db
    .select({ justification: absenceJustifications, event: calendarEvents })
    .from(absenceJustifications)
    .innerJoin(calendarEvents, eq(calendarEvents.id, absenceJustifications.eventId))
    .where(and(eq(absenceJustifications.id, id), eq(calendarEvents.trainingCourseId, courseId)))
    .limit(1);
  if (!row) throw notFound(textRef('calendar.justificationNotFound'));
  return row;
}

/**
 * PUT /app/lea-manager/{course}/absence/justification/{id}: the manager accepts a sent justification (the absence
 * becomes justified) or refuses it with a reason (it stays unjustified); the alert threshold is checked again.
 */
export async function decideJustification(
  ctx: AppContext,
  scope: ManagerScope,
  id: number,
  decision: JustificationDecision,
): Promise<GenericActionResponse> {
  const { db } = ctx;
  const { justification, event } = await justificationOfCourse(db, scope.course.id, id);
  if (justification.status !== JUSTIFICATION_STATUS.sent) throw conflict(textRef('calendar.alreadyDecided'));
  const accepted = decision.status === JUSTIFICATION_STATUS.accepted;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(absenceJustifications)
      .set({
        status: decision.status,
        refusalReason: accepted ? null : (decision.refusalReason ?? null),
        decidedBy: scope.caller.userId,
        decidedAt: new Date(),
      })
      // A decision made meanwhile by another manager wins: nothing is changed twice.
      .where(and(eq(absenceJustifications.id, id), eq(absenceJustifications.status, JUSTIFICATION_STATUS.sent)))
      .returning({ id: absenceJustifications.id });
    if (!updated) throw conflict(textRef('calendar.alreadyDecided'));
    await tx.update(calendarEvents).set({ justified: accepted }).where(eq(calendarEvents.id, event.id));
    await recordUserTimeline(tx, {
      triadId: event.triadId!,
      className: 'absence',
      titlePart2: text(RECIPIENT_LOCALE, accepted ? 'calendar.timelineAccepted' : 'calendar.timelineRefused', {
        date: dayLabel(event.startDate, RECIPIENT_LOCALE),
      }),
      userId: scope.caller.userId,
    });
    await checkAbsenceAlerts(tx, [event.triadId]);
    await auditWrite(tx, scope, {
      action: accepted ? 'absence.justification.accept' : 'absence.justification.refuse',
      entity: 'absence',
      entityId: event.id,
      details: { justificationId: id },
    });
  });
  await ctx.mailer.deliverQueued();
  return done(text(scope.locale, 'calendar.decided'));
}
