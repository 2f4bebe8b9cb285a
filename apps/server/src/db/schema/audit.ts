import { index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';

/** Mails: every mail is written here first; the mail service sends it, or only logs it without SMTP_URL. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id'),
    /** The course whose manager sent the mail (the course's mail history), if any. */
    trainingCourseId: integer('training_course_id'),
    /** What the mail is: welcome, new-password, reset, reminder… */
    kind: varchar('kind', { length: 40 }),
    toAddress: varchar('to_address', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** queued, sent, failed or kept (no SMTP server configured). */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
    /** The SMTP server's last answer (`250 OK …` when accepted, the refusal's code and text when not). */
    smtpResponse: text('smtp_response'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status),
    index('mail_outbox_course_idx').on(t.trainingCourseId),
    index('mail_outbox_platform_created_idx').on(t.platformId, t.createdAt),
  ],
);

/** Who did what: impersonation switches, writes made while impersonating, security events. */
export const historyLog = pgTable(
  'history_log',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id'),
    userId: integer('user_id'),
    impersonatorId: integer('impersonator_id'),
    action: varchar('action', { length: 100 }).notNull(),
    entity: varchar('entity', { length: 100 }),
    entityId: integer('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('history_log_user_idx').on(t.userId),
    index('history_log_action_idx').on(t.action),
    // The admin history pages a platform's lines newest first.
    index('history_log_platform_created_idx').on(t.platformId, t.createdAt),
  ],
);
