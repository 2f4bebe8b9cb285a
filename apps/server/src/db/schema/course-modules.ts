import { boolean, index, integer, pgTable, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import { files } from './file.js';
import { platforms } from './platform.js';
import { trainingCourses } from './training.js';
import { triads } from './triad.js';

/**
 * A platform's module catalogue (spec 3 §3 Module): one row per module code of the spec, which
 * the administrators switch off or reorder for the whole platform (decision 028).
 */
export const modules = pgTable(
  'modules',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 100 }).notNull(),
    /** The administrators' name for it; null: the catalogue's name in the reader's language. */
    name: varchar('name', { length: 255 }),
    /** A Tabler icon name (`IconFolder`). */
    icon: varchar('icon', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('modules_platform_code_unique').on(t.platformId, t.code)],
);

/** The modules of a training course, in the order of its triads' menu, each switched on or off for the course. */
export const trainingCourseModules = pgTable(
  'training_course_modules',
  {
    id: serial('id').primaryKey(),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    /** The course's own title of the module; null: the platform's. */
    title: varchar('title', { length: 255 }),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('training_course_modules_course_module_unique').on(t.trainingCourseId, t.moduleId)],
);

/** A course module hidden from (visible false) or shown to one triad; no row: shown. */
export const trainingCourseModuleTriads = pgTable(
  'training_course_module_triads',
  {
    id: serial('id').primaryKey(),
    trainingCourseModuleId: integer('training_course_module_id')
      .notNull()
      .references(() => trainingCourseModules.id, { onDelete: 'cascade' }),
    triadId: integer('triad_id')
      .notNull()
      .references(() => triads.id, { onDelete: 'cascade' }),
    visible: boolean('visible').notNull().default(true),
  },
  (t) => [
    unique('training_course_module_triads_module_triad_unique').on(t.trainingCourseModuleId, t.triadId),
    index('training_course_module_triads_triad_idx').on(t.triadId),
  ],
);

/**
 * A course's skin (colours and logo over the institution's design) and booklet template (the
 * PDFs' cover text, header and footer); one row per course, none until a manager saves one.
 */
export const trainingCourseSettings = pgTable('training_course_settings', {
  trainingCourseId: integer('training_course_id')
    .primaryKey()
    .references(() => trainingCourses.id, { onDelete: 'cascade' }),
  principalColor: varchar('principal_color', { length: 7 }),
  secondaryColor: varchar('secondary_color', { length: 7 }),
  logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  coverText: text('cover_text'),
  headerText: varchar('header_text', { length: 255 }),
  footerText: varchar('footer_text', { length: 255 }),
});
