import { eq, inArray } from 'drizzle-orm';
import type { EventCopyBody, EventMoveBody, GenericActionResponse, PlanningBulkDeleteBody } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { calendarEvents } from '../../db/schema/index.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { auditWrite } from '../../generic/audit.js';
import { done, refused } from '../../generic/envelopes.js';
import type { ManagerScope } from '../../generic/types.js';
import { checkAbsenceAlerts } from '../../services/absence-alerts.js';
import { EVENT_TYPE } from '../../services/attendance.js';
import { eventsOfCourse } from '../../services/calendar-events.js';
import { text, textRef } from '../../texts/index.js';

/** The kinds of the spec's calendar actions (spec 2 §9): planning (types 0 and 1) or absence (type 3). */
export type EventKind = 'planning' | 'absence';
const TYPES: Record<EventKind, readonly number[]> = {
  planning: [EVENT_TYPE.company, EVENT_TYPE.course],
  absence: [EVENT_TYPE.absence],
};

async function eventOf(db: DbOrTx, scope: ManagerScope, kind: EventKind, id: number) {
  const [event] = await eventsOfCourse(db, scope.course.id, [id], TYPES[kind]);
  if (!event) throw notFound(textRef('calendar.eventNotFound'));
  return event;
}

const asInstant = (value: string) => Date.parse(`${value.slice(0, 10)}T${value.slice(11, 16)}:00Z`);
const asWallClock = (instant: number) => `${new Date(instant).toISOString().slice(0, 16).replace('T', ' ')}:00`;

/**
 * Where an event goes: to a day (`YYYY-MM-DD`, keeping its time of day) or to a start time; its length is kept, so
 * that an event over several days stays so.
 */
export function placeEvent(event: { startDate: string; endDate: string }, target: string) {
  const start = target.length === 10 ? `${target} ${event.startDate.slice(11, 16)}:00` : `${target.slice(0, 16)}:00`;
  const length = asInstant(event.endDate) - asInstant(event.startDate);
  return { startDate: start, endDate: asWallClock(asInstant(start) + length) };
}

/** POST …/{planning|absence}/copy/{id} (spec 2 §4): copy to a day, or cut (the event itself moves there). */
export async function copyEvent(
  ctx: AppContext,
  scope: ManagerScope,
  kind: EventKind,
  id: number,
  body: EventCopyBody,
): Promise<GenericActionResponse> {
  const event = await eventOf(ctx.db, scope, kind, id);
  const times = placeEvent(event, body.startDate);
  const resultId = await ctx.db.transaction(async (tx) => {
    let targetId = event.id;
    if (body.action === 'cut') {
      await tx.update(calendarEvents).set(times).where(eq(calendarEvents.id, event.id));
    } else {
      const { id: _id, createdAt: _createdAt, announced: _announced, ...copy } = event;
      const [row] = await tx
        .insert(calendarEvents)
        .values({ ...copy, ...times, justified: kind === 'absence' ? false : copy.justified, createdBy: scope.caller.userId })
        .returning({ id: calendarEvents.id });
      targetId = row!.id;
      if (kind === 'absence') await checkAbsenceAlerts(tx, [event.triadId]);
    }
    await auditWrite(tx, scope, {
      action: `${kind}.${body.action}`,
      entity: kind,
      entityId: targetId,
      details: { from: event.id, ...times },
    });
    return targetId;
  });
  await ctx.mailer.deliverQueued();
  return done(text(scope.locale, body.action === 'cut' ? 'calendar.cut' : 'calendar.copied'), { id: resultId });
}

/** PUT …/{planning|absence}/move/{id}: a drag in the calendar, to a new start. */
export async function moveEvent(
  ctx: AppContext,
  scope: ManagerScope,
  kind: EventKind,
  id: number,
  body: EventMoveBody,
): Promise<GenericActionResponse> {
  const event = await eventOf(ctx.db, scope, kind, id);
  const times = placeEvent(event, body.startDate);
  await ctx.db.transaction(async (tx) => {
    await tx.update(calendarEvents).set(times).where(eq(calendarEvents.id, event.id));
    await auditWrite(tx, scope, { action: `${kind}.move`, entity: kind, entityId: event.id, details: times });
  });
  return done(text(scope.locale, 'calendar.moved'));
}

/**
 * DELETE /app/lea-manager/{course}/planning/delete (spec 3 §7.1): the selected plannings, all or none: an id that is
 * not one of the course's plannings answers `hasError` with its reason and deletes nothing.
 */
export async function deletePlannings(ctx: AppContext, scope: ManagerScope, body: PlanningBulkDeleteBody): Promise<GenericActionResponse> {
  const ids = [...new Set(body.plannings)];
  const found = await eventsOfCourse(ctx.db, scope.course.id, ids, TYPES.planning);
  if (found.length !== ids.length) return refused(text(scope.locale, 'calendar.bulkUnknown'));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(calendarEvents).where(inArray(calendarEvents.id, ids));
    await auditWrite(tx, scope, { action: 'planning.bulk-delete', entity: 'planning', entityId: scope.course.id, details: { ids } });
  });
  return done(text(scope.locale, 'calendar.bulkDeleted', { count: ids.length }));
}
