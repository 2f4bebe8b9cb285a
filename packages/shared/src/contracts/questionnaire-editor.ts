import { z } from 'zod';
import { BodyId, Id, INT4_MAX, writeEnvelope } from './common.js';
import { ReplyIcon } from './questionnaire.js';

/**
 * Contracts of the manager area's questionnaire calls (spec 3 §2.2, §3, §7.1): the editor, the
 * categories, the signature dashboard and the grades dashboard. Every path starts with
 * `/app/lea-manager/{course}/`; docs/api/questionnaire-editor.md describes each call.
 */

const Profile = z.number().int().min(1).max(4);
const Profiles = z.array(Profile).max(4);

/** A calendar day `YYYY-MM-DD` that exists. */
export const EditorDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Date invalide',
  );

export const EditorWindow = z.object({ startDate: EditorDate.nullable().default(null), endDate: EditorDate.nullable().default(null) });
export type EditorWindow = z.infer<typeof EditorWindow>;

/** Default windows: `all` for every profile (the all-profile switch), or one per profile. */
export const EditorAccessDates = z.object({
  all: EditorWindow.nullable().default(null),
  1: EditorWindow.nullable().default(null),
  2: EditorWindow.nullable().default(null),
  3: EditorWindow.nullable().default(null),
  4: EditorWindow.nullable().default(null),
});
export type EditorAccessDates = z.infer<typeof EditorAccessDates>;

export const EditorValueEntry = z.object({ value: z.string().max(500), mark: z.number().min(-1000).max(1000).nullable().default(null) });

/** Item types of the editor's blocks. */
export const EDITOR_ITEM_TYPES = ['field', 'cluster', 'title'] as const;

/**
 * A question item as the editor edits it (spec 3 §3 Question). `id` null or absent: a new item.
 * `index` is rewritten from the array order on save. A cluster's rows (and a grid cluster's
 * sub-questions) are in `questions`; rows have no rows of their own.
 */
const rowShape = {
  /** 0 only for the interview date item, which the server derives from the settings. */
  id: z.number().int().min(0).max(INT4_MAX).nullable().default(null),
  index: z.number().int().min(0).max(INT4_MAX).default(0),
  itemType: z.enum(EDITOR_ITEM_TYPES),
  title: z.string().max(5000).default(''),
  type: z.number().int().min(0).max(20).default(0),
  tip: z.string().max(5000).nullable().default(null),
  tipActive: z.boolean().default(false),
  required: z.boolean().default(false),
  enabled: z.boolean().default(true),
  access: Profiles.default([]),
  comments: z.boolean().default(false),
  commentsLabel: z.string().max(255).nullable().default(null),
  commentsType: z.number().int().min(1).max(2).default(1),
  /** 2 = grid cluster (rows answered with the cluster's valueList). */
  displayMode: z.number().int().min(1).max(2).default(1),
  displayMark: z.boolean().default(false),
  displayRadar: z.boolean().default(false),
  maximalMark: z.number().min(0).max(100000).nullable().default(null),
  valueList: z.array(EditorValueEntry).max(200).default([]),
  openedQuestions: z.boolean().default(false),
  openedQuestionsAccess: Profiles.default([]),
  openedQuestionsType: z.number().int().min(1).max(2).default(1),
  /**
   * Skills this field computes (spec 3 §3 Question fieldSkills, coefficient default 1): written only
   * by a create with `?skillSession=` (a questionnaire generated from a skill session), else ignored.
   */
  fieldSkills: z
    .array(z.object({ skill: z.object({ id: BodyId }), coefficient: z.number().positive().max(1000).default(1) }))
    .max(100)
    .optional(),
};

/** A row of a cluster: an item whose `questions` stays empty. */
export const EditorRow = z.object({
  ...rowShape,
  questions: z.array(z.object(rowShape)).max(0, 'Une ligne ne contient pas de lignes').default([]),
});
export type EditorRow = z.infer<typeof EditorRow>;
export const EditorQuestion = z.object({ ...rowShape, questions: z.array(EditorRow).max(500).default([]) });
export type EditorQuestion = z.infer<typeof EditorQuestion>;
export type EditorQuestionInput = z.input<typeof EditorQuestion>;

const IdRef = z.object({ id: BodyId });
const CrewLink = z.object({ id: BodyId, startDate: EditorDate.nullable().default(null), endDate: EditorDate.nullable().default(null) });

/** The settings and question tree the editor sends (POST and PUT …/questionnaire[/{id}]). */
const settingsShape = {
  title: z.string().max(255).default(''),
  code: z.string().max(50).nullable().default(null),
  description: z.string().max(100000).nullable().default(null),
  descriptionPdf: z.string().max(100000).nullable().default(null),
  /** Banner text shown to the triad instead of the sign action. */
  message: z.string().max(5000).nullable().default(null),
  active: z.boolean().default(true),
  locked: z.boolean().default(false),
  category: IdRef.nullable().default(null),
  year: z.number().int().min(1).max(10).default(1),
  visibleBy: Profiles.default([1, 2, 3, 4]),
  /** Spec 3 §5: the manager only by default. */
  signedBy: Profiles.default([4]),
  marksVisibleBy: Profiles.default([4]),
  /** Profiles allowed to copy the questionnaire; a course manager copies when it holds 4 (administrators always). */
  canBeCopiedBy: Profiles.default([4]),
  useComments: z.boolean().default(false),
  /** The all-profile date switch: on, `accessDates.all` is the window of every profile. */
  allProfileDates: z.boolean().default(true),
  accessDates: EditorAccessDates.default({ all: null, 1: null, 2: null, 3: null, 4: null }),
  useCrewDates: z.boolean().default(false),
  crews: z.array(CrewLink).max(1000).default([]),
  triads: z.array(IdRef).max(10000).default([]),
  completenessDate: EditorDate.nullable().default(null),
  firstReminder: EditorDate.nullable().default(null),
  secondReminder: EditorDate.nullable().default(null),
  useInterviewDate: z.boolean().default(false),
  interviewDateLabel: z.string().max(255).nullable().default(null),
  interviewDateVisibleBy: Profiles.default([]),
  markAutomatic: z.boolean().default(false),
  markMaximum: z.number().int().min(1).max(100000).nullable().default(null),
  secondaryQuestionnaires: z.array(IdRef).max(100).default([]),
};

export const DeletedQuestion = z.object({ itemType: z.enum(EDITOR_ITEM_TYPES), id: BodyId });

export const QuestionnaireEditorBody = z.object({
  ...settingsShape,
  questions: z.array(EditorQuestion).max(500).default([]),
  deletedQuestions: z.array(DeletedQuestion).max(5000).default([]),
});
export type QuestionnaireEditorBody = z.infer<typeof QuestionnaireEditorBody>;
export type QuestionnaireEditorBodyInput = z.input<typeof QuestionnaireEditorBody>;

/** GET …/questionnaire/{id}: the editor model, every key present. */
export const QuestionnaireEditorModel = z.object({
  ...settingsShape,
  id: z.number().int(),
  category: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  crews: z.array(CrewLink.extend({ title: z.string() })),
  triads: z.array(IdRef.extend({ title: z.string() })),
  secondaryQuestionnaires: z.array(IdRef.extend({ title: z.string() })),
  firstReminderSentAt: z.string().nullable(),
  secondReminderSentAt: z.string().nullable(),
  /** A reply is signed: questions with signed answers can no longer be removed or retyped. */
  isAlreadySigned: z.boolean(),
  trainingCourse: z.object({ id: z.number().int() }),
  questions: z.array(EditorQuestion),
});
export type QuestionnaireEditorModel = z.infer<typeof QuestionnaireEditorModel>;

/** POST/PUT answer: `responses[0].object` is the saved model (new items carry their ids). */
export const QuestionnaireSaveResponse = writeEnvelope(QuestionnaireEditorModel);
export type QuestionnaireSaveResponse = z.infer<typeof QuestionnaireSaveResponse>;

// ── List, options, actions ───────────────────────────────────────────────────────────────────────

export const EditorListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  category: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  active: z.boolean(),
  locked: z.boolean(),
  isAlreadySigned: z.boolean(),
  canBeCopiedBy: Profiles,
  /** The caller may copy it (canBeCopiedBy holds 4, or the caller is an administrator). */
  canCopy: z.boolean(),
  visibleBy: Profiles,
  signedBy: Profiles,
  questionCount: z.number().int(),
  firstReminder: z.string().nullable(),
  secondReminder: z.string().nullable(),
  updatedAt: z.string(),
});
export type EditorListItem = z.infer<typeof EditorListItem>;

/** GET …/questionnaires: years ascending, categories by position then title, uncategorised last. */
export const QuestionnaireEditorList = z.object({
  years: z.array(
    z.object({
      year: z.number().int(),
      categories: z.array(z.object({ id: z.number().int().nullable(), title: z.string(), questionnaires: z.array(EditorListItem) })),
    }),
  ),
});
export type QuestionnaireEditorList = z.infer<typeof QuestionnaireEditorList>;

/** GET …/questionnaire/form[/{id}]: the choices the editor's selects offer. */
export const QuestionnaireEditorOptions = z.object({
  years: z.array(z.number().int()),
  categories: z.array(z.object({ id: z.number().int(), title: z.string() })),
  crews: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      triads: z.array(z.object({ id: z.number().int(), title: z.string(), active: z.boolean() })),
    }),
  ),
  /** Triads without a crew. */
  triads: z.array(z.object({ id: z.number().int(), title: z.string(), active: z.boolean() })),
  /** Candidates for secondaryQuestionnaires (the questionnaire itself left out). */
  questionnaires: z.array(z.object({ id: z.number().int(), title: z.string(), year: z.number().int() })),
  defaultInterviewDateLabel: z.string(),
});
export type QuestionnaireEditorOptions = z.infer<typeof QuestionnaireEditorOptions>;

/** PUT …/questionnaire/active/{id}. */
export const QuestionnaireActiveResponse = z.object({ success: z.boolean(), active: z.boolean() });
export type QuestionnaireActiveResponse = z.infer<typeof QuestionnaireActiveResponse>;

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

/**
 * The category form's values (registry entity `questionnaire-category`, also served at the spec's
 * `…/questionnaire/category[/form][/{id}]`): list, form, post and delete answer the generic envelopes.
 */
export const QuestionnaireCategoryInput = z.object({
  title: z.string().trim().min(1, 'Ce champ est obligatoire').max(255, '255 caractères au plus'),
});
export type QuestionnaireCategoryInput = z.infer<typeof QuestionnaireCategoryInput>;

// ── Signature and grades dashboards ─────────────────────────────────────────────────────────────

/** "1,2,3", ["1","2"] or [1, 2] → [1, 2, 3]: query strings and JSON bodies alike. */
const IdList = z.preprocess(
  (value) =>
    typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : typeof value === 'number' ? [value] : value,
  z.array(Id).max(1000),
);

/**
 * The dashboards' filters, as query parameters (GET) or as a JSON body (POST reminder). Empty
 * means no filter. `active`: 1 active triads only, 0 inactive only.
 */
export const DashboardFilter = z.object({
  crews: IdList.optional(),
  categories: IdList.optional(),
  questionnaires: IdList.optional(),
  year: z.coerce.number().int().min(1).max(10).optional(),
  active: z.preprocess(
    (value) => (value === true || value === 'true' ? '1' : value === false || value === 'false' ? '0' : value === '' ? undefined : value),
    z.enum(['0', '1']).optional(),
  ),
  search: z.string().trim().max(100).optional(),
});
export type DashboardFilter = z.infer<typeof DashboardFilter>;
export type DashboardFilterInput = z.input<typeof DashboardFilter>;

export const DashboardPerson = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), fullName: z.string() });
export type DashboardPerson = z.infer<typeof DashboardPerson>;

export const DashboardTriad = z.object({
  id: z.number().int(),
  active: z.boolean(),
  apprentice: DashboardPerson.nullable(),
  tutor: DashboardPerson.nullable(),
  apprenticeMaster: DashboardPerson.nullable(),
});
export type DashboardTriad = z.infer<typeof DashboardTriad>;

/** Crews by position; triads without a crew last under `id: null`. Only crews with a triad left by the filters. */
export const DashboardCourse = z.object({
  id: z.number().int(),
  displayName: z.string(),
  leaManagerColumn: z.boolean(),
  crews: z.array(z.object({ id: z.number().int().nullable(), title: z.string(), triads: z.array(DashboardTriad) })),
});

/** A profile's reply in a cell (spec 3 §3 Dashboard data); null: the profile does not sign or nobody holds it. */
export const DashboardReply = z.object({ icon: ReplyIcon, signedAt: z.string().nullable(), endDate: z.string().nullable() });
export type DashboardReply = z.infer<typeof DashboardReply>;
export const DashboardEntry = z.object({
  apprentice: DashboardReply.nullable(),
  tutor: DashboardReply.nullable(),
  apprenticeMaster: DashboardReply.nullable(),
  leaManager: DashboardReply.nullable(),
});
export type DashboardEntry = z.infer<typeof DashboardEntry>;

const dashboardCategories = <T extends z.ZodTypeAny>(entry: T) =>
  z.array(
    z.object({
      id: z.number().int().nullable(),
      title: z.string(),
      questionnaires: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          year: z.number().int(),
          signedBy: Profiles,
          /** Keyed by triad id; a triad the questionnaire does not apply to has no key. */
          dashboardData: z.record(z.string(), entry),
        }),
      ),
    }),
  );

/** GET …/dashboard. */
export const QuestionnaireDashboardResponse = z.object({
  categories: dashboardCategories(DashboardEntry),
  trainingCourse: DashboardCourse,
});
export type QuestionnaireDashboardResponse = z.infer<typeof QuestionnaireDashboardResponse>;

/**
 * GET …/dashboard?compact=1 (decision 035): the same filter, and a page of triads in the grid's order
 * (crews by position, crew-less triads last). `page`/`length` are only read with `compact=1`.
 */
export const DashboardQuery = DashboardFilter.extend({
  compact: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(0).max(1000).optional(),
  length: z.coerce.number().int().min(1).max(1000).optional(),
}).refine((query) => query.compact === '1' || (query.page === undefined && query.length === undefined), {
  message: 'page et length demandent compact=1',
  path: ['compact'],
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;
/** The compact variant's default page length. */
export const COMPACT_DASHBOARD_LENGTH = 100;

/** One character per cell and profile in a compact triad's `cells` (the answer's `legend` repeats it). */
export const DASHBOARD_CELL_CODES = {
  x: 'notConcerned',
  '-': 'none',
  l: 'lock',
  o: 'lock-open',
  c: 'check',
  h: 'hourglass-start',
} as const;
export const DashboardCellMeaning = z.enum(['notConcerned', 'none', 'lock', 'lock-open', 'check', 'hourglass-start']);

/**
 * A triad of the compact variant. `cells`: 4 characters per questionnaire column (profiles 1–4, in
 * the columns' order), `x` when the questionnaire does not apply to the triad, `-` when the profile
 * does not sign or nobody holds it, else the reply's icon code. `signedAt`: the signature instants of
 * its `c` cells as epoch milliseconds, in the order of those cells (0 for a signed reply without one).
 */
export const CompactDashboardTriad = DashboardTriad.extend({
  crewId: z.number().int().nullable(),
  cells: z.string(),
  signedAt: z.array(z.number().int()),
});
export type CompactDashboardTriad = z.infer<typeof CompactDashboardTriad>;

/**
 * GET …/dashboard?compact=1: the columns once, the crews with their triad count and each cell's
 * window end (`endDates`, indexed like `cells`: it depends only on the crew), then one page of triads.
 */
export const CompactDashboardResponse = z.object({
  categories: z.array(
    z.object({
      id: z.number().int().nullable(),
      title: z.string(),
      questionnaires: z.array(z.object({ id: z.number().int(), title: z.string(), year: z.number().int(), signedBy: Profiles })),
    }),
  ),
  legend: z.record(z.string(), DashboardCellMeaning),
  trainingCourse: DashboardCourse.omit({ crews: true }).extend({
    crews: z.array(
      z.object({
        id: z.number().int().nullable(),
        title: z.string(),
        count: z.number().int(),
        endDates: z.array(z.string().nullable()),
      }),
    ),
  }),
  triads: z.array(CompactDashboardTriad),
  page: z.number().int(),
  length: z.number().int(),
  total: z.number().int(),
});
export type CompactDashboardResponse = z.infer<typeof CompactDashboardResponse>;

/** A profile's marks in the grades dashboard (shared or signed replies with marked fields). */
export const GradebookMark = z.object({ mark: z.number(), maximalMark: z.number(), status: z.number().int() });
export type GradebookMark = z.infer<typeof GradebookMark>;
export const GradebookEntry = z.object({
  apprentice: GradebookMark.nullable(),
  tutor: GradebookMark.nullable(),
  apprenticeMaster: GradebookMark.nullable(),
  leaManager: GradebookMark.nullable(),
});
export type GradebookEntry = z.infer<typeof GradebookEntry>;

/** GET …/gradebook-dashboard: only questionnaires with marked fields. */
export const GradebookDashboardResponse = z.object({ categories: dashboardCategories(GradebookEntry), trainingCourse: DashboardCourse });
export type GradebookDashboardResponse = z.infer<typeof GradebookDashboardResponse>;

/** POST …/dashboard/reminder: how many e-mails were sent. */
export const DashboardReminderResponse = z.object({ success: z.boolean(), count: z.number().int(), message: z.string() });
export type DashboardReminderResponse = z.infer<typeof DashboardReminderResponse>;

/** POST …/dashboard/export-pdf. */
export const DashboardPdfRequest = z.object({
  questionnaires: z.array(BodyId).min(1, 'Sélectionnez au moins un questionnaire').max(50),
  triads: z.array(BodyId).max(1000).optional(),
});
export type DashboardPdfRequest = z.infer<typeof DashboardPdfRequest>;
