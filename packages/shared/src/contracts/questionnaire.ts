import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { CalendarDate } from './calendar.js';
import { BodyId, INT4_MAX } from './common.js';

/** Field type codes of spec 1 §3.5. */
export const FIELD_TYPE = {
  shortText: 0,
  longText: 1,
  dropdown: 2,
  uniqueChoice: 3,
  multipleChoice: 4,
  number: 8,
  file: 10,
  date: 11,
  dateTime: 12,
} as const;
export const CHOICE_FIELD_TYPES: readonly number[] = [FIELD_TYPE.dropdown, FIELD_TYPE.uniqueChoice, FIELD_TYPE.multipleChoice];

/** Reply statuses and save modes (spec 1 §4.4): 1 private draft, 2 shared draft, 3 signed. */
export const REPLY_STATUS = { draft: 1, sharedDraft: 2, signed: 3 } as const;
export const GRID_CLUSTER_DISPLAY_MODE = 2;

/** Status icon of a profile's reply (spec 2 §4, spec 3 §4). */
export const ReplyIcon = z.enum(['lock', 'lock-open', 'check', 'hourglass-start']);
export type ReplyIcon = z.infer<typeof ReplyIcon>;

const Profile = z.number().int().min(1).max(4);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const AccessWindow = z.object({ startDate: IsoDate.nullable(), endDate: IsoDate.nullable() });
export type AccessWindow = z.infer<typeof AccessWindow>;

export const ValueListEntry = z.object({ value: z.string(), mark: z.number().nullable() });

/**
 * A stored file answer. `url` is the download link the view signs for its reader (decision 018); a save
 * may send it back or not, the server rebuilds the value from the file's row.
 */
export const FileAnswer = z.object({ id: BodyId, originalName: z.string(), pathName: z.string(), url: z.string().optional() });
export type FileAnswer = z.infer<typeof FileAnswer>;
/** Text (0, 1, 2, 3, 11 as YYYY-MM-DD, 12 as YYYY-MM-DD HH:mm), number (8), choices (4) or a file (10). */
export const AnswerValue = z.union([z.string(), z.number(), z.array(z.string()), FileAnswer]).nullable();
export type AnswerValue = z.infer<typeof AnswerValue>;

export const AnswerComment = z.object({
  id: z.number().int(),
  user: z.object({ fullName: z.string() }),
  writerProfile: Profile,
  value: z.string(),
  date: z.string(),
});

/** One profile's answer to a question, as the caller may see it. */
export const Answer = z.object({
  id: z.number().int(),
  fieldId: z.number().int(),
  value: AnswerValue,
  answerComment: z.string().nullable(),
  answerComments: z.array(AnswerComment),
  mark: z.number().nullable(),
  writerProfile: Profile,
  writerName: z.string().nullable(),
  date: z.string(),
});
export type Answer = z.infer<typeof Answer>;

export type QuestionItem = {
  id: number;
  index: number;
  itemType: 'field' | 'cluster' | 'title';
  title: string;
  type: number;
  tip: string | null;
  tipActive: boolean;
  required: boolean;
  enabled: boolean;
  access: number[];
  comments: boolean;
  commentsLabel: string | null;
  commentsType: number;
  displayMode: number;
  displayMark: boolean;
  displayRadar: boolean;
  maximalMark: number | null;
  valueList: { value: string; mark: number | null }[];
  openedQuestions: boolean;
  openedQuestionsAccess: number[];
  openedQuestionsType: number;
  /** Rows of a cluster (and the two sub-questions of a grid cluster). */
  questions: QuestionItem[];
  /** The caller's own answer (its profile's reply). */
  userAnswer: Answer | null;
  /** The other profiles' answers the caller may read (shared drafts and signatures). */
  answers: Answer[];
  /** The caller may write this item now. */
  writable: boolean;
};
export const QuestionItem: z.ZodType<QuestionItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    index: z.number().int(),
    itemType: z.enum(['field', 'cluster', 'title']),
    title: z.string(),
    type: z.number().int(),
    tip: z.string().nullable(),
    tipActive: z.boolean(),
    required: z.boolean(),
    enabled: z.boolean(),
    access: z.array(Profile),
    comments: z.boolean(),
    commentsLabel: z.string().nullable(),
    commentsType: z.number().int(),
    displayMode: z.number().int(),
    displayMark: z.boolean(),
    displayRadar: z.boolean(),
    maximalMark: z.number().nullable(),
    valueList: z.array(ValueListEntry),
    openedQuestions: z.boolean(),
    openedQuestionsAccess: z.array(Profile),
    openedQuestionsType: z.number().int(),
    questions: z.array(QuestionItem),
    userAnswer: Answer.nullable(),
    answers: z.array(Answer),
    writable: z.boolean(),
  }),
);

export const ReplySummary = z.object({
  id: z.number().int(),
  profile: Profile,
  status: z.number().int().min(1).max(3),
  version: z.number().int(),
  signedAt: z.string().nullable(),
  writerProfile: Profile,
  writerName: z.string().nullable(),
  interviewDate: IsoDate.nullable(),
  totalMark: z.object({ mark: z.number(), maximalMark: z.number() }).nullable(),
});
export type ReplySummary = z.infer<typeof ReplySummary>;

/** Per profile of the triad: whether it has to sign, its window end, its icon. */
export const ProfileStatus = z.object({
  hasToSign: z.boolean(),
  hasToComplete: z.boolean(),
  hasSigned: z.boolean(),
  /** When the profile's reply was signed (ISO instant); null unless it is signed. */
  signedAt: z.string().nullable(),
  startDate: IsoDate.nullable(),
  endDate: IsoDate.nullable(),
  icon: ReplyIcon,
});
export type ProfileStatus = z.infer<typeof ProfileStatus>;

/**
 * What the to-do offers the caller (spec 2 §2): `complete` while their part is not filled in (or,
 * with comments, their draft is not shared yet), `sign` once they can sign now; null when nothing
 * is theirs to do (waiting for others, closed, signed, not concerned). `dueDate`: completenessDate,
 * else the end of the caller's window.
 */
export const UserTodo = z.object({ action: z.enum(['sign', 'complete']), dueDate: IsoDate.nullable() });
export type UserTodo = z.infer<typeof UserTodo>;

/**
 * A questionnaire in a triad's list: enough for the year/category blocks, icons and the to-do.
 * `profileStatus` holds the profiles that sign it and are held in the triad, as the manager's
 * signature dashboard shows them; the others are not concerned and have no status.
 */
export const QuestionnaireSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  category: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  signedBy: z.array(Profile),
  completenessDate: IsoDate.nullable(),
  userProfile: Profile.nullable(),
  userHasToComplete: z.boolean(),
  userHasToSign: z.boolean(),
  userHasSigned: z.boolean(),
  userTodo: UserTodo.nullable(),
  /** Keyed by profile number ("1".."4"). */
  profileStatus: z.record(z.string(), ProfileStatus),
});
export type QuestionnaireSummary = z.infer<typeof QuestionnaireSummary>;

/** GET /app/questionnaire/list/{triad}: years, each with its categories and questionnaires. */
export const QuestionnaireList = z.object({
  leaManagerColumn: z.boolean(),
  years: z.array(
    z.object({
      year: z.number().int(),
      categories: z.array(z.object({ id: z.number().int().nullable(), title: z.string(), questionnaires: z.array(QuestionnaireSummary) })),
    }),
  ),
});
export type QuestionnaireList = z.infer<typeof QuestionnaireList>;

/**
 * A signature given on a printed page and recorded by a manager (issue 20 §3): the day written on
 * the page, who recorded it and when (ISO instant).
 */
export const PaperSignatureSummary = z.object({
  profile: Profile,
  signedOn: IsoDate,
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type PaperSignatureSummary = z.infer<typeof PaperSignatureSummary>;

/** GET /app/questionnaire/{triad}/{questionnaire}: the questionnaire with the caller's view. */
export const QuestionnaireView = QuestionnaireSummary.extend({
  description: z.string().nullable(),
  message: z.string().nullable(),
  active: z.boolean(),
  locked: z.boolean(),
  visibleBy: z.array(Profile),
  marksVisibleBy: z.array(Profile),
  useComments: z.boolean(),
  useInterviewDate: z.boolean(),
  interviewDateLabel: z.string().nullable(),
  interviewDateVisibleBy: z.array(Profile),
  userDates: z.object({ startDate: IsoDate.nullable(), endDate: IsoDate.nullable() }),
  userCanExportPdf: z.boolean(),
  userCanManage: z.boolean(),
  questions: z.array(QuestionItem),
  /** Keyed by profile number: the latest reply the caller may see. */
  lastReply: z.record(z.string(), ReplySummary.nullable()),
  userReply: ReplySummary.nullable(),
  /** The standing signatures of `lastReply` that were given on paper. */
  paperSignatures: z.array(PaperSignatureSummary).optional(),
});
export type QuestionnaireView = z.infer<typeof QuestionnaireView>;

export const AnswerInput = z.object({
  questionId: BodyId,
  value: AnswerValue,
  answerComment: z.string().max(5000).nullable().optional(),
});
export type AnswerInput = z.infer<typeof AnswerInput>;

/** PUT /app/questionnaire/save/{triad}/{questionnaire}. */
export const SaveReplyRequest = z.object({
  draft: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  profile: Profile,
  /** The reply version the caller last saw (0 when it has none). */
  version: z.number().int().min(0).max(INT4_MAX),
  interviewDate: IsoDate.nullable().optional(),
  answers: z.array(AnswerInput).max(2000),
});
export type SaveReplyRequest = z.infer<typeof SaveReplyRequest>;

export const SaveReplyResponse = z.object({
  hasError: z.boolean(),
  message: z.string().optional(),
  responses: z.array(
    z.object({
      object: ReplySummary.nullable().optional(),
      validationErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  ),
});
export type SaveReplyResponse = z.infer<typeof SaveReplyResponse>;

export const AddCommentRequest = z.object({ comment: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(5000) });
export const ExportQuery = z.object({ model: z.coerce.number().int().min(0).max(1).default(1) });
export const ExportResponse = z.object({ data: z.string(), filename: z.string(), filetype: z.string() });
export const UnlockQuery = z.object({ profile: z.coerce.number().int().min(1).max(4) });

/** `?profile=` of the reads and of add-row/add-comment: the caller's profile when they hold several. */
export const QuestionnaireProfileQuery = z.object({ profile: z.coerce.number().int().min(1).max(4).optional() });
/**
 * POST /app/questionnaire/paper-signature/{triadId}/{questionnaireId}?profile=: the scan or photo of
 * the signed page (a file id of /app/file/upload, uploaded by the caller) and the day it was signed.
 */
export const PaperSignatureRequest = z.object({ fileId: BodyId, signedOn: CalendarDate });
export type PaperSignatureRequest = z.infer<typeof PaperSignatureRequest>;
/** The profiles whose signature a manager may record from paper: the pedagogic tutor and the apprenticeship master. */
export const PAPER_SIGNATURE_PROFILES = [2, 3] as const;

/** Answer of the manager actions (unlock, cancel-signature, unlock-all). */
export const ManagerActionResponse = z.object({
  success: z.boolean(),
  /** The profile's icon after the action (unlock, cancel-signature). */
  icon: ReplyIcon.optional(),
  /** Replies unlocked (unlock-all). */
  count: z.number().int().optional(),
});
export type ManagerActionResponse = z.infer<typeof ManagerActionResponse>;

/**
 * GET /app/questionnaire/todo: what the caller has to sign or complete in every active triad they
 * belong to (the course list's side block for non-managers), the nearest due date first.
 */
export const QuestionnaireTodoItem = z.object({
  triad: z.object({ id: z.number().int(), trainingCourseId: z.number().int(), apprenticeName: z.string().nullable() }),
  questionnaire: z.object({ id: z.number().int(), title: z.string() }),
  action: UserTodo.shape.action,
  /** completenessDate, else the end of the caller's window; null when neither is set. */
  dueDate: z.string().nullable(),
});
export type QuestionnaireTodoItem = z.infer<typeof QuestionnaireTodoItem>;
export const QuestionnaireTodoResponse = z.object({ items: z.array(QuestionnaireTodoItem) });
export type QuestionnaireTodoResponse = z.infer<typeof QuestionnaireTodoResponse>;
