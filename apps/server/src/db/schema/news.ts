import { date, index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { files } from './file.js';
import { platforms } from './platform.js';

/**
 * The platform's news (spec 3 §3 News): title, subtitle, HTML text (sanitised when stored), tag
 * (10 Bug, 11 News, 12 Maintenance, 13 New feature, 14 Tutorial), picture and the day from which
 * it shows: an item dated in the future stays hidden until then.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    subTitle: varchar('sub_title', { length: 255 }),
    text: text('text'),
    tag: smallint('tag').notNull().default(11),
    pictureFileId: integer('picture_file_id').references(() => files.id, { onDelete: 'set null' }),
    dateToDisplay: date('date_to_display', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_platform_date_idx').on(t.platformId, t.dateToDisplay)],
);
