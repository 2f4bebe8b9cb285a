import type { EventListQuery, EventListResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { listTriadEvents, toCalendarEvent } from '../../services/calendar-events.js';
import { resolveTriadAccess } from '../../services/triad-access.js';

/**
 * GET /app/event/list/{triadId} (spec 2 §7): the triad's absences and, with includePlanning=1, its planning (its own,
 * its crew's and the course's) overlapping the period. Members of the triad, the course's managers and the
 * platform's administrators read it (403 otherwise, 404 for another platform's triad).
 */
export async function listEvents(db: DbOrTx, caller: Caller, triadId: number, query: EventListQuery): Promise<EventListResponse> {
  const { triad } = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_ABSENCE' });
  const rows = await listTriadEvents(db, triad, { from: query.startDate, to: query.endDate }, query.includePlanning === '1');
  return rows.map(toCalendarEvent);
}
