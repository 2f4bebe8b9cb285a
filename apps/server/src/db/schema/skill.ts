import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { belongsTo, courseTable, position } from './course-owned.js';
import { files } from './file.js';
import { questions } from './questionnaire.js';
import { trainingCourses } from './training.js';
import { triads } from './triad.js';
import { users } from './user.js';

/**
 * A course's skill settings (spec 3 §4–§5): how many levels, their labels (one per level, the spec's
 * defaults when empty), and which profiles rate (the course's skill roles). A course without a row
 * uses the defaults.
 */
export const skillConfigurations = pgTable('skill_configurations', {
  trainingCourseId: integer('training_course_id')
    .primaryKey()
    .references(() => trainingCourses.id, { onDelete: 'cascade' }),
  maxSkillLevel: smallint('max_skill_level').notNull().default(5),
  levelLabels: jsonb('level_labels').$type<string[]>().notNull().default([]),
  skillRoles: jsonb('skill_roles').$type<number[]>().notNull().default([1, 2, 3]),
  skillPresentation: text('skill_presentation'),
});

/** Kinds of skill a course sorts its skills by (spec 3 §3 Skill type). */
export const skillTypes = courseTable('skill_types', {
  name: varchar('name', { length: 255 }).notNull(),
  position: position(),
});

/** A rating period; open while today lies between its dates (spec 2 §4). */
export const skillSessions = courseTable('skill_sessions', {
  name: varchar('name', { length: 255 }).notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  position: position(),
  createdAt: createdAt(),
});

/** A category of skills; daughters nest under their mother. `code` keeps an RNCP block's code. */
export const skillCategories = courseTable(
  'skill_categories',
  {
    motherId: integer('mother_id').references((): AnyPgColumn => skillCategories.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 500 }).notNull(),
    code: varchar('code', { length: 50 }),
    position: position(),
  },
  (t) => [index('skill_categories_mother_idx').on(t.motherId)],
);

/** The root categories a session rates. */
export const skillSessionCategories = pgTable(
  'skill_session_categories',
  {
    id: serial('id').primaryKey(),
    skillSessionId: belongsTo('skill_session_id', () => skillSessions.id),
    skillCategoryId: belongsTo('skill_category_id', () => skillCategories.id),
  },
  (t) => [
    unique('skill_session_categories_unique').on(t.skillSessionId, t.skillCategoryId),
    index('skill_session_categories_category_idx').on(t.skillCategoryId),
  ],
);

export const skills = pgTable(
  'skills',
  {
    id: serial('id').primaryKey(),
    skillCategoryId: belongsTo('skill_category_id', () => skillCategories.id),
    skillTypeId: integer('skill_type_id').references(() => skillTypes.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    tooltip: text('tooltip'),
    needJustificative: boolean('need_justificative').notNull().default(false),
    requiredValue: smallint('required_value'),
    position: position(),
  },
  (t) => [index('skills_category_idx').on(t.skillCategoryId), index('skills_type_idx').on(t.skillTypeId)],
);

/** A questionnaire field whose answers compute a skill's value, weighted by the coefficient (spec 3 §3). */
export const fieldSkills = pgTable(
  'field_skills',
  {
    id: serial('id').primaryKey(),
    questionId: belongsTo('question_id', () => questions.id),
    skillId: belongsTo('skill_id', () => skills.id),
    coefficient: real('coefficient').notNull().default(1),
  },
  (t) => [unique('field_skills_unique').on(t.questionId, t.skillId), index('field_skills_skill_idx').on(t.skillId)],
);

/** One reply per triad, session and profile (spec 2 §3 Skill reply). */
export const skillReplies = pgTable(
  'skill_replies',
  {
    id: serial('id').primaryKey(),
    triadId: belongsTo('triad_id', () => triads.id),
    skillSessionId: belongsTo('skill_session_id', () => skillSessions.id),
    profile: smallint('profile').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('skill_replies_unique').on(t.triadId, t.skillSessionId, t.profile),
    index('skill_replies_session_idx').on(t.skillSessionId),
  ],
);

const justificative = (name: string) => integer(name).references(() => files.id, { onDelete: 'set null' });

/** A profile's answer on one skill: level (0 = not rated), assessment and up to five justification files. */
export const skillAnswers = pgTable(
  'skill_answers',
  {
    id: serial('id').primaryKey(),
    skillReplyId: belongsTo('skill_reply_id', () => skillReplies.id),
    skillId: belongsTo('skill_id', () => skills.id),
    value: smallint('value').notNull().default(0),
    assessment: text('assessment'),
    justificativeFileId: justificative('justificative_file_id'),
    justificativeFile2Id: justificative('justificative_file2_id'),
    justificativeFile3Id: justificative('justificative_file3_id'),
    justificativeFile4Id: justificative('justificative_file4_id'),
    justificativeFile5Id: justificative('justificative_file5_id'),
  },
  (t) => [unique('skill_answers_unique').on(t.skillReplyId, t.skillId), index('skill_answers_skill_idx').on(t.skillId)],
);

/** Every change of an answer's value: who, when, which value (spec 2 §3 History entry). */
export const skillAnswerHistories = pgTable(
  'skill_answer_histories',
  {
    id: serial('id').primaryKey(),
    skillAnswerId: belongsTo('skill_answer_id', () => skillAnswers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('skill_answer_histories_answer_idx').on(t.skillAnswerId)],
);
