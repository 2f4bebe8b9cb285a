import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { files } from './file.js';
import { platforms } from './platform.js';
import { trainingCourses } from './training.js';
import { triads } from './triad.js';
import { users } from './user.js';

/** Document categories of a platform; the codes `general` and `pedagogic` are special (spec 2 §3). */
export const documentCategories = pgTable(
  'document_categories',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    /** Shown as the tab title; null: the translated code. */
    title: varchar('title', { length: 255 }),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('document_categories_code_unique').on(t.platformId, t.code)],
);

/**
 * A document or a note (type 1 = document, other = note). A triad's own items have `triadId`; documents
 * shared by a manager with whole courses have no triad and are linked through `document_training_courses`.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    triadId: integer('triad_id').references(() => triads.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => documentCategories.id, { onDelete: 'set null' }),
    type: smallint('type').notNull().default(1),
    /** 1 = uploaded by a triad member, 2 = by a manager (spec 3 §9). */
    documentType: smallint('document_type').notNull().default(1),
    title: varchar('title', { length: 255 }).notNull(),
    text: text('text'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    notif: boolean('notif').notNull().default(false),
    integrate: boolean('integrate').notNull().default(false),
    /** Profiles (1–4) that may see the item. */
    rights: jsonb('rights').$type<number[]>().notNull().default([1, 2, 3, 4]),
    visibleHomeLea: boolean('visible_home_lea').notNull().default(false),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's profile in the triad when it was written. */
    uploaderProfile: smallint('uploader_profile'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('documents_triad_idx').on(t.triadId, t.categoryId), index('documents_platform_idx').on(t.platformId)],
);

/** The courses a manager's shared document is given to. */
export const documentTrainingCourses = pgTable(
  'document_training_courses',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.trainingCourseId] }),
    index('document_training_courses_course_idx').on(t.trainingCourseId),
  ],
);
