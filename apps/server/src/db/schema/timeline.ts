import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { triads } from './triad.js';
import { users } from './user.js';

/**
 * The activity of a triad shown on its dashboard (spec 2 §2 Timeline): written by the services when a
 * questionnaire reply is signed, a document or note is added, and later for absences, plannings and skills.
 */
export const timelineEntries = pgTable(
  'timeline_entries',
  {
    id: serial('id').primaryKey(),
    triadId: integer('triad_id')
      .notNull()
      .references(() => triads.id, { onDelete: 'cascade' }),
    /** absence, planning, skill, document or questionnaire. */
    className: varchar('class_name', { length: 30 }).notNull(),
    titlePart1: varchar('title_part1', { length: 255 }).notNull(),
    titlePart2: varchar('title_part2', { length: 255 }).notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('timeline_entries_triad_idx').on(t.triadId, t.createdAt)],
);
