import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, createdAt } from './columns.js';
import { files } from './file.js';
import { platforms } from './platform.js';
import { crews, trainingCourses } from './training.js';
import { triads } from './triad.js';
import { users } from './user.js';

/** Hours carry two decimals (1.5 h, 0.25 h) and are read as numbers. */
const hours = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

/**
 * Wall-clock times of the training organisation ('2026-09-14 08:30:00'): a lesson at 8:30 stays at 8:30
 * across a daylight-saving change, and the attestation's months are the organisation's months.
 */
const wallClock = (name: string) => timestamp(name, { mode: 'string', withTimezone: false });

/** Why an apprentice was absent (spec 3 §2.3 absence-reason), one list per platform. */
export const absenceReasons = pgTable(
  'absence_reasons',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 255 }).notNull(),
    /** A reason that excuses the absence by itself (sick leave with a certificate…). */
    justifying: boolean('justifying').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('absence_reasons_platform_idx').on(t.platformId)],
);

/** The platform's absence configuration (admin area's absence-config singleton). */
export const absenceConfigs = pgTable('absence_configs', {
  platformId: integer('platform_id')
    .primaryKey()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  /** Unjustified absence hours in a course past which the manager and the tutor are told; null: no alert. */
  alertThresholdHours: hours('alert_threshold_hours'),
  /** Hours of a full day, used by absence imports that give days. */
  dayHours: hours('day_hours').notNull().default(7),
  /** Whether apprentices may announce an absence before the day (a medical appointment). */
  allowAdvanceNotice: boolean('allow_advance_notice').notNull().default(true),
});

/** A course's own absence settings (manager area's training-course post), over the platform's. */
export const courseAbsenceConfigs = pgTable('course_absence_configs', {
  trainingCourseId: integer('training_course_id')
    .primaryKey()
    .references(() => trainingCourses.id, { onDelete: 'cascade' }),
  alertThresholdHours: hours('alert_threshold_hours'),
});

/**
 * A calendar event (spec 2 §3): type 0 company, 1 course (the planning), 3 absence. A planning entry belongs to
 * its course and either a crew (shared by every triad of the crew) or one triad; an absence belongs to a triad.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    crewId: integer('crew_id').references(() => crews.id, { onDelete: 'cascade' }),
    triadId: integer('triad_id').references(() => triads.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    startDate: wallClock('start_date').notNull(),
    endDate: wallClock('end_date').notNull(),
    hours: hours('hours').notNull().default(0),
    subject: varchar('subject', { length: 255 }),
    teacher: varchar('teacher', { length: 255 }),
    classroom: varchar('classroom', { length: 255 }),
    justified: boolean('justified').notNull().default(false),
    reasonId: integer('reason_id').references(() => absenceReasons.id, { onDelete: 'set null' }),
    /** An absence the apprentice announced before the day. */
    announced: boolean('announced').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('calendar_events_triad_idx').on(t.triadId, t.startDate),
    index('calendar_events_crew_idx').on(t.crewId, t.startDate),
    index('calendar_events_course_idx').on(t.trainingCourseId, t.type, t.startDate),
    check('calendar_events_type_check', sql`${t.type} in (0, 1, 3)`),
    check('calendar_events_owner_check', sql`${t.type} <> 3 or ${t.triadId} is not null`),
    check('calendar_events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** An absence justification sent by a triad member: 0 sent, 1 accepted, 2 refused (with the manager's reason). */
export const absenceJustifications = pgTable(
  'absence_justifications',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment'),
    status: smallint('status').notNull().default(0),
    refusalReason: text('refusal_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('absence_justifications_event_idx').on(t.eventId)],
);

export const absenceJustificationFiles = pgTable(
  'absence_justification_files',
  {
    justificationId: integer('justification_id')
      .notNull()
      .references(() => absenceJustifications.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.justificationId, t.fileId] })],
);

/**
 * A user's private calendar feed (decision 031): the token is an HMAC of the row's random nonce with the server's
 * key, so the address can be shown again, and only its SHA-256 is looked up; deleting the row revokes it.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [unique('calendar_feed_tokens_user_platform').on(t.userId, t.platformId)],
);

/**
 * One row per triad whose unjustified hours are past its course's threshold: the insert that creates it sends the
 * alert (unique key, so two processes cannot both send), and the row goes when the hours fall back below.
 */
export const absenceAlerts = pgTable(
  'absence_alerts',
  {
    id: serial('id').primaryKey(),
    triadId: integer('triad_id')
      .notNull()
      .references(() => triads.id, { onDelete: 'cascade' }),
    thresholdHours: hours('threshold_hours').notNull(),
    unjustifiedHours: hours('unjustified_hours').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('absence_alerts_triad').on(t.triadId)],
);
