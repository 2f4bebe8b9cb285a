import { boolean, index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { triads } from './triad.js';
import { users } from './user.js';

/** Notepad notes of a triad (spec 2 §3): the author's profile in the triad is kept for the filters. */
export const notepads = pgTable(
  'notepads',
  {
    id: serial('id').primaryKey(),
    triadId: integer('triad_id')
      .notNull()
      .references(() => triads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profile: smallint('profile').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    text: text('text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notepads_triad_idx').on(t.triadId, t.pinned, t.createdAt)],
);
