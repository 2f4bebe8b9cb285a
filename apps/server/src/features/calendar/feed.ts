import { createHash, createHmac, randomBytes, type KeyObject } from 'node:crypto';
import { platformLinks } from '../../services/platform-url.js';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { CalendarFeedResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { calendarFeedTokens, trainingCourses, triads, triadUsers, users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { EVENT_TYPE } from '../../services/attendance.js';
import { listTriadEvents, type EventRow } from '../../services/calendar-events.js';
import { PARIS_TIMEZONE, PARIS_VTIMEZONE, escapeText, joinLines, localStamp, utcStamp } from '../../services/ical.js';
import { text, type Translate, translator } from '../../texts/index.js';

/**
 * The private calendar feed (issue 15 §4, decision 031): one revocable address per user and platform, whose token is
 * an HMAC of the row's random nonce with the server's key (the address can be shown again; the database alone does
 * not give it), looked up by its SHA-256. The feed holds the planning and absences of the user's triads in active
 * courses, from three months back to a year ahead, and nothing else about them.
 */
const PAST_DAYS = 92;
const FUTURE_DAYS = 366;

const tokenOf = (key: KeyObject, row: { userId: number; platformId: number; nonce: string }) =>
  createHmac('sha256', key).update(`calendar-feed\n${row.userId}\n${row.platformId}\n${row.nonce}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** On the platform's own hostname: the feed answers there only. */
const feedUrl = async (ctx: AppContext, platformId: number, token: string) =>
  `${(await platformLinks(ctx.db, ctx.config.publicUrl, platformId)).baseUrl}/api/fr/calendar/feed/${token}`;

/** GET /app/event/feed: the caller's feed address, or null. */
export async function readFeed(ctx: AppContext, caller: Caller): Promise<CalendarFeedResponse> {
  const [row] = await ctx.db
    .select()
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, caller.userId), eq(calendarFeedTokens.platformId, caller.platformId)));
  return { url: row ? await feedUrl(ctx, caller.platformId, tokenOf(ctx.config.jwtSecret, row)) : null };
}

/** POST /app/event/feed: a new address (the previous one, if any, stops answering). */
export async function renewFeed(ctx: AppContext, caller: Caller): Promise<CalendarFeedResponse> {
  const row = { userId: caller.userId, platformId: caller.platformId, nonce: randomBytes(24).toString('base64url') };
  const token = tokenOf(ctx.config.jwtSecret, row);
  await ctx.db
    .insert(calendarFeedTokens)
    .values({ ...row, tokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: [calendarFeedTokens.userId, calendarFeedTokens.platformId],
      set: { nonce: row.nonce, tokenHash: hashOf(token), createdAt: new Date() },
    });
  return { url: await feedUrl(ctx, caller.platformId, token) };
}

/** DELETE /app/event/feed: revokes the address (it answers 404 from now on). */
export async function revokeFeed(ctx: AppContext, caller: Caller): Promise<CalendarFeedResponse> {
  await ctx.db
    .delete(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, caller.userId), eq(calendarFeedTokens.platformId, caller.platformId)));
  return { url: null };
}

/** The triads the user belongs to (any of the six places or a secondary user), in the platform's active courses. */
async function triadsOf(db: Db, userId: number) {
  const secondary = db.select({ id: triadUsers.triadId }).from(triadUsers).where(eq(triadUsers.userId, userId));
  return db
    .select({
      id: triads.id,
      crewId: triads.crewId,
      trainingCourseId: triads.trainingCourseId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(triads)
    .innerJoin(trainingCourses, eq(trainingCourses.id, triads.trainingCourseId))
    .leftJoin(users, eq(users.id, triads.apprenticeId))
    .where(
      and(
        eq(trainingCourses.archived, false),
        or(
          eq(triads.apprenticeId, userId),
          eq(triads.tutorId, userId),
          eq(triads.tutor2Id, userId),
          eq(triads.apprenticeMasterId, userId),
          eq(triads.apprenticeMaster2Id, userId),
          eq(triads.companyManagerId, userId),
          inArray(triads.id, secondary),
        ),
      ),
    );
}

function eventLines(t: Translate, event: EventRow, apprentice: string, stamp: Date): string[] {
  const absence = event.type === EVENT_TYPE.absence;
  const summary = absence
    ? `${t('calendar.feedAbsence')} – ${apprentice} (${t(event.justified ? 'calendar.feedJustified' : 'calendar.feedUnjustified')})`
    : event.title;
  const details = [event.subject, event.teacher, absence ? event.reason : null].filter(Boolean).join(' – ');
  const lines = [
    'BEGIN:VEVENT',
    `UID:lea-event-${event.id}@lea`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `DTSTART;TZID=${PARIS_TIMEZONE}:${localStamp(event.startDate)}`,
    `DTEND;TZID=${PARIS_TIMEZONE}:${localStamp(event.endDate)}`,
    `SUMMARY:${escapeText(summary)}`,
  ];
  if (details) lines.push(`DESCRIPTION:${escapeText(details)}`);
  if (event.classroom) lines.push(`LOCATION:${escapeText(event.classroom)}`);
  lines.push(`CATEGORIES:${absence ? 'ABSENCE' : event.type === EVENT_TYPE.company ? 'COMPANY' : 'COURSE'}`, 'END:VEVENT');
  return lines;
}

/** GET /api/{locale}/calendar/feed/{token}: the feed as text/calendar; an unknown or revoked token is a 404. */
export async function feedCalendar(
  ctx: AppContext,
  token: string,
  platformId: number,
  locale: 'fr' | 'en',
  now = new Date(),
): Promise<string> {
  const [row] = await ctx.db
    .select()
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.tokenHash, hashOf(token)), eq(calendarFeedTokens.platformId, platformId)));
  if (!row) throw notFound();
  const from = new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(now.getTime() + FUTURE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const t = translator(locale);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//lea//planning and absences//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(text(locale, 'calendar.feedName'))}`,
    `X-WR-TIMEZONE:${PARIS_TIMEZONE}`,
    ...PARIS_VTIMEZONE,
  ];
  const seen = new Set<number>();
  for (const triad of await triadsOf(ctx.db, row.userId)) {
    const apprentice = triad.lastName ? `${triad.firstName} ${triad.lastName}` : '';
    for (const event of await listTriadEvents(ctx.db, triad, { from, to }, true)) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      lines.push(...eventLines(t, event, apprentice, now));
    }
  }
  lines.push('END:VCALENDAR');
  return joinLines(lines);
}
