import { z } from 'zod';
import { Id, StoredFile } from './common.js';
import { FileFieldValue } from './form-model.js';

/** Default number of levels (spec 3 §9) and the most a course may set. */
export const DEFAULT_MAX_SKILL_LEVEL = 5;
export const MIN_SKILL_LEVEL = 2;
export const MAX_SKILL_LEVEL = 10;
/** Justification files per answer (spec 2 §9). */
export const MAX_JUSTIFICATIVE_FILES = 5;
/** Skills one save may carry: a session's grid, with room. */
export const MAX_SKILLS_PER_SAVE = 2000;

/** Path of every skill call: `/app/skill/{trainingCourse}/{triad}/…` (spec 2 §7). */
export const SkillParams = z.object({ trainingCourse: Id, triad: Id });
export const SkillSessionParams = SkillParams.extend({ session: Id });
export const SkillIdParams = SkillParams.extend({ id: Id });
export type SkillIdParams = z.infer<typeof SkillIdParams>;
export const SkillHistoryQuery = z.object({ session: Id.optional() });
export const SkillJustificativeQuery = z.object({ session: Id });
export type SkillJustificativeQuery = z.infer<typeof SkillJustificativeQuery>;
export const SkillExportQuery = z.object({ session: Id.optional(), finalEval: z.enum(['0', '1']).optional() });

/** `POST save/{session}`: skill id → level (0 resets); `profile` picks the column when the caller holds several. */
export const SkillSaveRequest = z.object({
  skills: z.record(z.string().regex(/^[1-9]\d{0,8}$/), z.number().int().min(0).max(MAX_SKILL_LEVEL)),
  profile: z.number().int().min(1).max(4).optional(),
});
export type SkillSaveRequest = z.infer<typeof SkillSaveRequest>;

export const SkillSaveResponse = z.object({ hasError: z.boolean(), message: z.string(), updatedAt: z.string() });
export type SkillSaveResponse = z.infer<typeof SkillSaveResponse>;

/** One profile's answer on a skill. */
export const SkillAnswerView = z.object({
  value: z.number().int(),
  assessment: z.string().nullable(),
  files: z.array(StoredFile.extend({ url: z.string() })),
});
export type SkillAnswerView = z.infer<typeof SkillAnswerView>;

export const SkillView = z.object({
  id: z.number().int(),
  name: z.string(),
  tooltip: z.string().nullable(),
  needJustificative: z.boolean(),
  requiredValue: z.number().int().nullable(),
  /** Linked to questionnaire fields: its value is computed, never rated (spec 2 §4). */
  computed: z.boolean(),
  /** Answers by profile number ("1" to "4"). */
  answers: z.record(z.string(), SkillAnswerView),
});
export type SkillView = z.infer<typeof SkillView>;

export type SkillCategoryView = {
  id: number;
  name: string;
  code: string | null;
  mother: number | null;
  skills: SkillView[];
  daughters: SkillCategoryView[];
};
export const SkillCategoryView: z.ZodType<SkillCategoryView> = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  mother: z.number().int().nullable(),
  skills: z.array(SkillView),
  get daughters() {
    return z.array(SkillCategoryView);
  },
});

export const SkillSessionView = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  open: z.boolean(),
  currentSkillSession: z.boolean(),
  skillCategories: z.array(SkillCategoryView),
});
export type SkillSessionView = z.infer<typeof SkillSessionView>;

export const SkillLevel = z.object({ level: z.number().int(), label: z.string() });
export type SkillLevel = z.infer<typeof SkillLevel>;

/** `GET list`: the course's skill settings, its sessions with their grids, and what the caller may do. */
export const SkillListResponse = z.object({
  trainingCourse: z.object({
    id: z.number().int(),
    maxSkillLevel: z.number().int(),
    skillLevels: z.array(SkillLevel),
    skillRoles: z.array(z.number().int()),
    skillPresentation: z.string().nullable(),
  }),
  /** The profile columns of the grid: the course's skill roles held in this triad. */
  columns: z.array(z.number().int()),
  /** The columns the caller rates. */
  ratingProfiles: z.array(z.number().int()),
  /** Justification files: not for managers (spec 2 §5). */
  canJustify: z.boolean(),
  canManage: z.boolean(),
  lastSkillReply: z
    .object({ date: z.string(), profile: z.number().int(), user: z.object({ id: z.number().int(), fullName: z.string() }).nullable() })
    .nullable(),
  skillSessions: z.array(SkillSessionView),
});
export type SkillListResponse = z.infer<typeof SkillListResponse>;

export const SkillHistoryEntry = z.object({
  skillReply: z.object({
    user: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
    date: z.string(),
    profile: z.number().int(),
  }),
  session: z.number().int(),
  value: z.number().int(),
});
export const SkillHistoryResponse = z.object({ history: z.array(SkillHistoryEntry) });
export type SkillHistoryResponse = z.infer<typeof SkillHistoryResponse>;

/** `PUT justificative-post/{skill}?session=`: the justification form's tab (files and assessment). */
export const SkillJustificativeInput = z.array(
  z.object({
    code: z.string().max(50),
    form: z.object({
      files: z.array(FileFieldValue).max(MAX_JUSTIFICATIVE_FILES).default([]),
      assessment: z.string().trim().max(5000).nullable().optional(),
    }),
  }),
);
export type SkillJustificativeInput = z.infer<typeof SkillJustificativeInput>;

export const SkillJustificativeResponse = z.object({
  hasError: z.boolean(),
  message: z.string(),
  responses: z.array(z.object({ validationErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional() })),
});
export type SkillJustificativeResponse = z.infer<typeof SkillJustificativeResponse>;
