import { desc, eq } from 'drizzle-orm';
import type { TimelineEntry, TimelineKind } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { timelineEntries, users } from '../db/schema/index.js';

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
