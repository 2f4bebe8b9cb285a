import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { TimelineEntry, TimelineKind } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { timelineEntries, triads, users } from '../db/schema/index.js';

/** How many entries the dashboard receives (it shows 4 and expands to the rest). */
export const TIMELINE_LENGTH = 20;

export type TimelineInput = {
  triadId: number;
  className: TimelineKind;
  /** Who acted (a full name). */
  titlePart1: string;
  /** On what (a questionnaire, document or note title…). */
  titlePart2: string;
  userId: number | null;
  /** When it happened, if not now (a write given its own clock, the demo seed). */
  at?: Date;
};

/** Writes one activity line; call it inside the transaction of the write it describes. */
export async function recordTimeline(db: DbOrTx, input: TimelineInput): Promise<void> {
  await db.insert(timelineEntries).values({
    triadId: input.triadId,
    className: input.className,
    titlePart1: input.titlePart1.slice(0, 255),
    titlePart2: input.titlePart2.slice(0, 255),
    userId: input.userId,
    ...(input.at ? { createdAt: input.at } : {}),
  });
}

/** Writes one activity line whose "who" is the acting user, named as stored at the time of the write. */
export async function recordUserTimeline(db: DbOrTx, input: Omit<TimelineInput, 'titlePart1'> & { userId: number }): Promise<void> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, input.userId));
  await recordTimeline(db, { ...input, titlePart1: user ? `${user.firstName} ${user.lastName}`.trim() : '' });
}

/** The triad's latest entries, newest first, stamped to the minute. */
export async function listTimeline(db: DbOrTx, triadId: number, limit = TIMELINE_LENGTH): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(timelineEntries)
    .where(eq(timelineEntries.triadId, triadId))
    .orderBy(desc(timelineEntries.createdAt), desc(timelineEntries.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    className: row.className as TimelineKind,
    titlePart1: row.titlePart1,
    titlePart2: row.titlePart2,
    minute: new Date(Math.floor(row.createdAt.getTime() / 60_000) * 60_000).toISOString(),
  }));
}

/**
 * One line per triad of a course that a planning change reaches (spec 2 §3, issue 15 §5): the
 * triads of the given crews and the given triads, or every triad of the course for an event of the
 * whole course. `titlePart2` gives each triad its own words (how many of its events changed).
 */
export async function recordPlanningTimeline(
  db: DbOrTx,
  input: {
    courseId: number;
    userId: number;
    reach: { crewId: number | null; triadId: number | null }[];
    titlePart2: (events: number) => string;
  },
): Promise<void> {
  if (input.reach.length === 0) return;
  const wholeCourse = input.reach.some((event) => event.crewId === null && event.triadId === null);
  const crewIds = [...new Set(input.reach.flatMap((event) => (event.crewId === null ? [] : [event.crewId])))];
  const triadIds = [...new Set(input.reach.flatMap((event) => (event.triadId === null ? [] : [event.triadId])))];
  const reached: SQL[] = [];
  if (crewIds.length > 0) reached.push(inArray(triads.crewId, crewIds));
  if (triadIds.length > 0) reached.push(inArray(triads.id, triadIds));
  const rows = await db
    .select({ id: triads.id, crewId: triads.crewId })
    .from(triads)
    .where(wholeCourse ? eq(triads.trainingCourseId, input.courseId) : and(eq(triads.trainingCourseId, input.courseId), or(...reached)));
  if (rows.length === 0) return;
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, input.userId));
  const who = (user ? `${user.firstName} ${user.lastName}`.trim() : '').slice(0, 255);
  const values = rows.map((triad) => {
    const events = input.reach.filter(
      (event) =>
        (event.crewId === null && event.triadId === null) ||
        event.triadId === triad.id ||
        (event.crewId !== null && event.crewId === triad.crewId),
    ).length;
    return {
      triadId: triad.id,
      className: 'planning' as const,
      titlePart1: who,
      titlePart2: input.titlePart2(events).slice(0, 255),
      userId: input.userId,
    };
  });
  for (let at = 0; at < values.length; at += 500) await db.insert(timelineEntries).values(values.slice(at, at + 500));
}
