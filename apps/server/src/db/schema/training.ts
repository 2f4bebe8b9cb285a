import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { components } from './admin-setup.js';
import { institutions, platforms } from './platform.js';
import { users } from './user.js';

export type ModuleMenuEntry = { code: string; title: string; icon: string; helpDocument?: string | null };
export type InfoBlock = { display: boolean; blockName: string; content: string };
export type InfoBlocks = {
  presentation: InfoBlock | null;
  contact: InfoBlock | null;
  partner: InfoBlock | null;
  communication: InfoBlock | null;
};

export const trainings = pgTable('trainings', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  institutionId: integer('institution_id')
    .notNull()
    .references(() => institutions.id, { onDelete: 'restrict' }),
  /** The institution's component that gives the training, if any. */
  componentId: integer('component_id').references(() => components.id, { onDelete: 'set null' }),
  title: varchar('title', { length: 255 }).notNull(),
  code: varchar('code', { length: 50 }),
  createdAt: createdAt(),
});

/** A run of a training (spec 2 §3 Training course). */
export const trainingCourses = pgTable(
  'training_courses',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    displayName: varchar('display_name', { length: 255 }).notNull(),
    startYear: smallint('start_year'),
    endYear: smallint('end_year'),
    archived: boolean('archived').notNull().default(false),
    menu: jsonb('menu').$type<ModuleMenuEntry[]>().notNull().default([]),
    infoBlocks: jsonb('info_blocks')
      .$type<InfoBlocks>()
      .notNull()
      .default({ presentation: null, contact: null, partner: null, communication: null }),
    displayDocument: boolean('display_document').notNull().default(true),
    blocNameDocument: varchar('bloc_name_document', { length: 255 }),
    leaManagerColumn: boolean('lea_manager_column').notNull().default(false),
    /** The triad profiles (1–4) that may add notes to a triad's notepad; empty: read-only for everyone (spec 3 §1 notepad). */
    notepadWriters: jsonb('notepad_writers').$type<number[]>().notNull().default([1, 2, 3, 4]),
    /** The notepad page's title for the course; null: the default « Bloc-notes ». */
    notepadTitle: varchar('notepad_title', { length: 255 }),
    profileLabels: jsonb('profile_labels').$type<Record<string, string>>().notNull().default({ '1': 'A', '2': 'T', '3': 'M', '4': 'SM' }),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('training_courses_training_idx').on(t.trainingId)],
);

/** The managers (booklet managers) of a training course. */
export const trainingCourseManagers = pgTable(
  'training_course_managers',
  {
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.trainingCourseId, t.userId] }), index('tcm_user_idx').on(t.userId)],
);

/** A cohort inside a training course. */
export const crews = pgTable(
  'crews',
  {
    id: serial('id').primaryKey(),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('crews_course_idx').on(t.trainingCourseId)],
);
