import { index, integer, pgTable, serial, smallint, text, unique, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { files } from './file.js';
import { platforms } from './platform.js';
import { trainingCourses } from './training.js';
import { users } from './user.js';

/**
 * A message (spec 2 §3): a conversation is a mother and its daughters (replies). A message the
 * sender deleted keeps its row, emptied (`deletedAt`), so that the conversation's replies stay.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    trainingCourseId: integer('training_course_id').references(() => trainingCourses.id, { onDelete: 'set null' }),
    motherId: integer('mother_id').references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's profile when writing (1–4): a reply goes back to them under it. */
    senderProfile: smallint('sender_profile').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    text: text('text').notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The conversation's last activity, kept on the mother so that the list sorts without aggregating. */
    lastAt: at('last_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_mother_idx').on(t.motherId, t.createdAt),
    index('messages_sender_idx').on(t.senderId),
    index('messages_course_idx').on(t.trainingCourseId),
  ],
);

/** Who receives a message, under which profile, and when they opened it (null: unread). */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profile: smallint('profile').notNull(),
    openedAt: at('opened_at'),
  },
  (t) => [
    unique('message_recipients_unique').on(t.messageId, t.recipientId),
    // The unread count of a user (header envelope, user/me) reads this index only.
    index('message_recipients_unread_idx').on(t.recipientId, t.openedAt),
  ],
);

/** A reader's report of a message, kept for the course's managers (spec 2 §6). */
export const messageReports = pgTable(
  'message_reports',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('message_reports_unique').on(t.messageId, t.reporterId)],
);
