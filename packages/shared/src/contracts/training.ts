import { z } from 'zod';
import { Id, Index } from './common.js';

export const ModuleMenuEntry = z.object({
  code: z.string(),
  title: z.string(),
  icon: z.string(),
  helpDocument: z.string().nullable().optional(),
});
export type ModuleMenuEntry = z.infer<typeof ModuleMenuEntry>;

/** A course's skin as the triad's shell applies it over the institution's (colours `#rrggbb`, logo an inline link). */
export const CourseSkin = z.object({
  principalColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  logo: z.string().nullable(),
});
export type CourseSkin = z.infer<typeof CourseSkin>;

export const InfoBlock = z.object({ display: z.boolean(), blockName: z.string(), content: z.string() });
export const InfoBlocks = z.object({
  presentation: InfoBlock.nullable(),
  contact: InfoBlock.nullable(),
  partner: InfoBlock.nullable(),
  communication: InfoBlock.nullable(),
});

export const PersonSummary = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export type PersonSummary = z.infer<typeof PersonSummary>;

export const TrainingCourseSummary = z.object({
  id: z.number().int(),
  displayName: z.string(),
  nbTriad: z.number().int(),
  isLeaManager: z.boolean(),
  archive: z.boolean(),
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  menu: z.array(ModuleMenuEntry),
});
export type TrainingCourseSummary = z.infer<typeof TrainingCourseSummary>;

/** GET /app/training/list — archive 1 = active, 2 = archived. */
export const TrainingListQuery = z.object({
  archive: z.coerce.number().int().min(1).max(2).default(1),
  length: z.coerce.number().int().min(1).max(100).default(20),
  page: Index.default(0),
  search: z.string().max(100).optional(),
});
export const TrainingListResponse = z.object({
  trainingCourses: z.array(TrainingCourseSummary),
  count: z.number().int(),
});
export type TrainingListResponse = z.infer<typeof TrainingListResponse>;

/** GET /app/training-course/indicators/{trainingCourse}: one course's live figures. */
export const TrainingCourseIndicatorsParams = z.object({ trainingCourse: Id });

/**
 * GET /app/training-course/indicators[/{trainingCourse}]: live figures of the active triads the
 * caller answers for (every triad of the courses they manage, else their own triads): the distinct
 * people of those triads (members, company managers and secondary users), by profile, and the
 * booklet fill rate, signed replies over the signatures the applicable active questionnaires expect
 * from the profiles each triad holds. `fillRate` is a whole percentage, null when nothing is expected.
 */
export const TrainingCourseIndicators = z.object({
  triads: z.number().int(),
  users: z.number().int(),
  apprentices: z.number().int(),
  tutors: z.number().int(),
  masters: z.number().int(),
  expectedSignatures: z.number().int(),
  signedReplies: z.number().int(),
  fillRate: z.number().int().min(0).max(100).nullable(),
});
export type TrainingCourseIndicators = z.infer<typeof TrainingCourseIndicators>;

export const TriadCard = z.object({
  id: z.number().int(),
  apprentice: PersonSummary.nullable(),
  tutor: PersonSummary.nullable(),
  apprenticeMaster: PersonSummary.nullable(),
  crew: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  active: z.boolean(),
});
export type TriadCard = z.infer<typeof TriadCard>;

export const TriadListQuery = z.object({
  archive: z.coerce.number().int().min(1).max(2).default(1),
  length: z.coerce.number().int().min(1).max(200).default(50),
  page: Index.default(0),
  search: z.string().max(100).optional(),
});
export const TriadListParams = z.object({ trainingCourse: Id });
export const TriadListResponse = z.object({ triads: z.array(TriadCard), count: z.number().int() });
export type TriadListResponse = z.infer<typeof TriadListResponse>;

/** A secondary user of a triad: userType 1 = of the apprentice (e.g. a parent), 2 = of the tutor. */
export const TriadUser = z.object({
  id: z.number().int(),
  user: PersonSummary,
  userType: z.number().int(),
  triadUserName: z.string(),
});

/** A work-study contract of a triad (spec 2 §3 Contract). Dates are ISO `YYYY-MM-DD`. */
export const Contract = z.object({
  id: z.number().int(),
  contractType: z.object({ title: z.string() }).nullable(),
  company: z
    .object({
      companyName: z.string(),
      siretNumber: z.string().nullable(),
      address1: z.string().nullable(),
      postCode: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  ruptureDate: z.string().nullable(),
  ruptureCause: z.string().nullable(),
  apprenticeMaster: PersonSummary.nullable(),
  apprenticeMaster2: PersonSummary.nullable(),
  manager: PersonSummary.nullable(),
});
export type Contract = z.infer<typeof Contract>;

/** Kinds of timeline entries (spec 2 §2): the web app words each as "{titlePart1} {verb} {titlePart2}". */
export const TIMELINE_KINDS = ['questionnaire', 'document', 'note', 'absence', 'planning', 'skill'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One line of a triad's activity (spec 2 §3): who (part 1), what (part 2), when (ISO, to the minute). */
export const TimelineEntry = z.object({
  id: z.number().int(),
  className: z.enum(TIMELINE_KINDS),
  titlePart1: z.string(),
  titlePart2: z.string(),
  minute: z.string(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** A document or note as listed on the home dashboard's documents block. */
export const HomeDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  date: z.string(),
  /** Download link of the attached file, if any. */
  url: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type HomeDocument = z.infer<typeof HomeDocument>;

/** GET /app/triad/{id} — the foundation's fields; later issues add blocks. */
export const Triad = z.object({
  id: z.number().int(),
  apprentice: PersonSummary.nullable(),
  tutor: PersonSummary.nullable(),
  tutor2: PersonSummary.nullable(),
  apprenticeMaster: PersonSummary.nullable(),
  apprenticeMaster2: PersonSummary.nullable(),
  companyManager: PersonSummary.nullable(),
  triadUsers: z.array(TriadUser),
  /** The caller's profile numbers in this triad (1 apprentice, 2 tutor, 3 master, 4 manager). */
  userRoles: z.array(z.number().int()),
  contracts: z.array(Contract),
  /** The contract running today, else the latest one; null when the triad has none. */
  activeContract: Contract.nullable(),
  active: z.boolean(),
  profileLabels: z.record(z.string(), z.string()),
  leaManagerColumn: z.boolean(),
  trainingCourse: z.object({
    id: z.number().int(),
    displayName: z.string(),
    isLeaManager: z.boolean(),
    archive: z.boolean(),
    startYear: z.number().int().nullable(),
    endYear: z.number().int().nullable(),
    menu: z.array(ModuleMenuEntry),
    /** The course's colours and logo over the institution's (spec 3 §1 skin); null when it has none. */
    skin: CourseSkin.nullable().optional(),
    infoBlocks: InfoBlocks,
    displayDocument: z.boolean(),
    blocNameDocument: z.string().nullable(),
  }),
  training: z.object({
    id: z.number().int(),
    title: z.string(),
    /** The institution's colours override the platform's for this triad when set (spec 1 §1). */
    institution: z.object({
      id: z.number().int(),
      name: z.string(),
      principalColor: z.string().nullable(),
      secondaryColor: z.string().nullable(),
      logo: z.string().nullable(),
    }),
  }),
  crew: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The latest activity, newest first (the dashboard shows 4 and expands). */
  timelines: z.array(TimelineEntry),
  /** Items of the general and pedagogic categories marked visible on the home page (when displayDocument). */
  generalDocuments: z.array(HomeDocument),
  pedagogicDocuments: z.array(HomeDocument),
  /** Every document category, for the links to the other tabs. */
  documentCategories: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string().nullable() })),
});
export type Triad = z.infer<typeof Triad>;

/** GET /app/triad/key-dates/{id}: the triad's key dates as an iCalendar file, base64-encoded. */
export const KeyDatesResponse = z.object({ filename: z.string(), data: z.string(), type: z.literal('text/calendar') });
export type KeyDatesResponse = z.infer<typeof KeyDatesResponse>;
