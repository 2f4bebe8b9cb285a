import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns.js';
import { belongsTo, courseTable, position } from './course-owned.js';
import { files } from './file.js';
import { crews } from './training.js';
import { triads } from './triad.js';
import { users } from './user.js';

/** An access window: ISO dates (YYYY-MM-DD), either bound may be open. */
export type AccessWindow = { startDate: string | null; endDate: string | null };
/** Default windows: `all` applies to every profile unless the profile has its own (spec 3 §3). */
export type AccessDates = {
  all: AccessWindow | null;
  1?: AccessWindow | null;
  2?: AccessWindow | null;
  3?: AccessWindow | null;
  4?: AccessWindow | null;
};
export type ValueListEntry = { value: string; mark: number | null };

export const questionnaireCategories = courseTable('questionnaire_categories', {
  title: varchar('title', { length: 255 }).notNull(),
  position: position(),
});

/** A questionnaire of a training course (spec 1 §3.4, spec 3 §3 editor model). */
export const questionnaires = courseTable('questionnaires', {
  categoryId: integer('category_id').references(() => questionnaireCategories.id, { onDelete: 'restrict' }),
  /** Year of the course the questionnaire belongs to (1 = first year). */
  year: smallint('year').notNull().default(1),
  title: varchar('title', { length: 255 }).notNull(),
  code: varchar('code', { length: 50 }),
  description: text('description'),
  descriptionPdf: text('description_pdf'),
  /** Banner text shown instead of the sign action. */
  message: text('message'),
  active: boolean('active').notNull().default(true),
  locked: boolean('locked').notNull().default(false),
  visibleBy: jsonb('visible_by').$type<number[]>().notNull().default([1, 2, 3, 4]),
  signedBy: jsonb('signed_by').$type<number[]>().notNull().default([4]),
  marksVisibleBy: jsonb('marks_visible_by').$type<number[]>().notNull().default([4]),
  canBeCopiedBy: jsonb('can_be_copied_by').$type<number[]>().notNull().default([]),
  accessDates: jsonb('access_dates').$type<AccessDates>().notNull().default({ all: null }),
  useCrewDates: boolean('use_crew_dates').notNull().default(false),
  completenessDate: date('completeness_date', { mode: 'string' }),
  firstReminder: date('first_reminder', { mode: 'string' }),
  secondReminder: date('second_reminder', { mode: 'string' }),
  firstReminderSentAt: at('first_reminder_sent_at'),
  secondReminderSentAt: at('second_reminder_sent_at'),
  useComments: boolean('use_comments').notNull().default(false),
  useInterviewDate: boolean('use_interview_date').notNull().default(false),
  interviewDateLabel: varchar('interview_date_label', { length: 255 }),
  interviewDateVisibleBy: jsonb('interview_date_visible_by').$type<number[]>().notNull().default([]),
  markAutomatic: boolean('mark_automatic').notNull().default(false),
  markMaximum: integer('mark_maximum'),
  /** Other questionnaires shown with this one. */
  secondaryQuestionnaireIds: jsonb('secondary_questionnaire_ids').$type<number[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The crews a questionnaire applies to, with optional crew-specific dates (useCrewDates). */
export const questionnaireCrews = pgTable(
  'questionnaire_crews',
  {
    questionnaireId: belongsTo('questionnaire_id', () => questionnaires.id),
    crewId: belongsTo('crew_id', () => crews.id),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.crewId] })],
);

/** Individual triads a questionnaire applies to, beyond its crews. */
export const questionnaireTriads = pgTable(
  'questionnaire_triads',
  {
    questionnaireId: belongsTo('questionnaire_id', () => questionnaires.id),
    triadId: belongsTo('triad_id', () => triads.id),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.triadId] }), index('questionnaire_triads_triad_idx').on(t.triadId)],
);

/**
 * Question items: fields, clusters and titles. A cluster's rows (and a grid cluster's two
 * sub-questions) are items with `parentId`; rows added to an open cluster by a triad member
 * carry that triad's id and only exist for it.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: belongsTo('questionnaire_id', () => questionnaires.id),
    parentId: integer('parent_id').references((): AnyPgColumn => questions.id, { onDelete: 'cascade' }),
    triadId: integer('triad_id').references(() => triads.id, { onDelete: 'cascade' }),
    /** Order among siblings; the interview date item uses 50000. */
    index: integer('index').notNull().default(0),
    itemType: varchar('item_type', { length: 10 }).notNull(),
    title: text('title').notNull().default(''),
    /** Field type code of spec 1 §3.5. */
    type: smallint('type').notNull().default(0),
    tip: text('tip'),
    tipActive: boolean('tip_active').notNull().default(false),
    required: boolean('required').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    access: jsonb('access').$type<number[]>().notNull().default([]),
    comments: boolean('comments').notNull().default(false),
    commentsLabel: varchar('comments_label', { length: 255 }),
    commentsType: smallint('comments_type').notNull().default(1),
    displayMode: smallint('display_mode').notNull().default(1),
    displayMark: boolean('display_mark').notNull().default(false),
    displayRadar: boolean('display_radar').notNull().default(false),
    maximalMark: numeric('maximal_mark', { mode: 'number' }),
    valueList: jsonb('value_list').$type<ValueListEntry[]>().notNull().default([]),
    openedQuestions: boolean('opened_questions').notNull().default(false),
    openedQuestionsAccess: jsonb('opened_questions_access').$type<number[]>().notNull().default([]),
    openedQuestionsType: smallint('opened_questions_type').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('questions_questionnaire_idx').on(t.questionnaireId), index('questions_parent_idx').on(t.parentId)],
);

/**
 * One reply per triad × questionnaire × profile. Status 1 private draft, 2 shared draft,
 * 3 signed. `version` grows with every save: a save carrying an older version is refused.
 */
export const replies = pgTable(
  'replies',
  {
    id: serial('id').primaryKey(),
    questionnaireId: belongsTo('questionnaire_id', () => questionnaires.id),
    triadId: belongsTo('triad_id', () => triads.id),
    profile: smallint('profile').notNull(),
    status: smallint('status').notNull().default(1),
    version: integer('version').notNull().default(0),
    writerUserId: integer('writer_user_id').references(() => users.id, { onDelete: 'set null' }),
    interviewDate: date('interview_date', { mode: 'string' }),
    totalMark: numeric('total_mark', { mode: 'number' }),
    maximalMark: numeric('maximal_mark', { mode: 'number' }),
    signedAt: at('signed_at'),
    /** Set when a manager or an administrator unlocked the reply after its window closed. */
    unlockedAt: at('unlocked_at'),
    unlockedByUserId: integer('unlocked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('replies_unique').on(t.questionnaireId, t.triadId, t.profile), index('replies_triad_idx').on(t.triadId)],
);

/** One answer per reply and question; `value` holds text, a number, choices, a date or a file reference. */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    replyId: belongsTo('reply_id', () => replies.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    value: jsonb('value').$type<unknown>(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The free comment typed beside the answer (answerComment). */
    answerComment: text('answer_comment'),
    mark: numeric('mark', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [unique('answers_unique').on(t.replyId, t.questionId)],
);

/** Comments added on an answer by triad members (add-comment). */
export const answerComments = pgTable(
  'answer_comments',
  {
    id: serial('id').primaryKey(),
    answerId: belongsTo('answer_id', () => answers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    writerProfile: smallint('writer_profile').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('answer_comments_answer_idx').on(t.answerId)],
);

/** How a signature was given: in the portal after a password sign-in, or on paper (recorded by a manager). */
/**
 * How a signature was made: in a session opened by password, by an e-mail code or link (issue 20 §1),
 * by single sign-on (issue 20 §2), or a paper page recorded by a manager (issue 20 §3).
 */
export type SignatureMethod = 'password' | 'email-code' | 'email-link' | 'sso' | 'paper';

/**
 * The audit trail of signatures: who signed (and who was impersonating), from where, how, and the
 * SHA-256 digest of the reply's answers at that moment. A cancelled signature keeps its row.
 * `method` 'paper' (issue 20): a printed page the signer signed, recorded by a manager
 * (`recordedByUserId`) with its scan (`paperFileId`) and the day written on it (`paperSignedOn`).
 */
export const replySignatures = pgTable(
  'reply_signatures',
  {
    id: serial('id').primaryKey(),
    replyId: belongsTo('reply_id', () => replies.id),
    signedAt: at('signed_at').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    digest: varchar('digest', { length: 64 }).notNull(),
    method: varchar('method', { length: 16 }).$type<SignatureMethod>().notNull().default('password'),
    paperFileId: integer('paper_file_id').references(() => files.id, { onDelete: 'restrict' }),
    paperSignedOn: date('paper_signed_on', { mode: 'string' }),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: at('cancelled_at'),
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('reply_signatures_reply_idx').on(t.replyId)],
);
