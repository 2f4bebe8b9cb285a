import { index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { files } from './file.js';
import { trainingCourses } from './training.js';

/** A teaching unit of a course: it groups subjects (spec 3 §3 Unit: id, name, subjects). */
export const lessonUnits = pgTable(
  'lesson_units',
  {
    id: serial('id').primaryKey(),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('lesson_units_course_idx').on(t.trainingCourseId, t.position)],
);

/** A subject of a unit: it groups lessons (spec 2 §3 Subject: name, lessons). */
export const lessonSubjects = pgTable(
  'lesson_subjects',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => lessonUnits.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('lesson_subjects_unit_idx').on(t.unitId, t.position)],
);

/**
 * A lesson of a subject (spec 2 §3 Lesson): what was done, the work to do (sanitised rich text), a
 * link and up to four attachments (spec 2 §9), each a stored file kept by its foreign key.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => lessonSubjects.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    activity: text('activity'),
    workToDo: text('work_to_do'),
    link: varchar('link', { length: 500 }),
    lessonFileId: integer('lesson_file_id').references(() => files.id, { onDelete: 'set null' }),
    lessonFile2Id: integer('lesson_file2_id').references(() => files.id, { onDelete: 'set null' }),
    lessonFile3Id: integer('lesson_file3_id').references(() => files.id, { onDelete: 'set null' }),
    lessonFile4Id: integer('lesson_file4_id').references(() => files.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lessons_subject_idx').on(t.subjectId, t.position)],
);

/** A useful link of a course (spec 2 §3 Web link: name, url, logo), ordered by position. */
export const webLinks = pgTable(
  'web_links',
  {
    id: serial('id').primaryKey(),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('web_links_course_idx').on(t.trainingCourseId, t.position)],
);
