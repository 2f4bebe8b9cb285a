import { z } from 'zod';
import { MESSAGES, isValidEmail } from '../validation.js';
import { BodyId, INT4_MAX, Index, ValidationError, writeEnvelope } from './common.js';
import { FieldChoice, FormPayload } from './form-model.js';
import { PersonSummary } from './training.js';

/**
 * Contracts of the manager area (spec 3 §2.2, §3, §7.1) and of the generic entity calls the admin
 * area reuses. Every path starts with `/app/lea-manager/{course}/` (manager) or `/app/admin/` (admin).
 */

// ── Generic envelopes ────────────────────────────────────────────────────────────────────────────

/** POST/PUT …/[generic/]{entity}/post[/{id}]: `responses[0].object.id` on success, `validationErrors` per field otherwise. */
export const GenericSaveResponse = writeEnvelope(z.object({ id: z.number().int() }).passthrough());
export type GenericSaveResponse = z.infer<typeof GenericSaveResponse>;

/** DELETE …/delete/{id}, PUT …/sort, PUT …/move, POST …/copy: `success`, `hasError`, `detail[0].message`. */
export const GenericActionResponse = z.object({
  success: z.boolean(),
  hasError: z.boolean(),
  message: z.string().optional(),
  detail: z.array(z.object({ message: z.string() })),
  /** The new record of a copy. */
  id: z.number().int().optional(),
});
export type GenericActionResponse = z.infer<typeof GenericActionResponse>;

/** A list column (spec 3 §7.2 "columns, data, count"); `filterable` columns take part in the local search. */
export const GenericColumn = z.object({
  key: z.string(),
  label: z.string(),
  filterable: z.boolean().default(false),
  sortable: z.boolean().default(false),
  /** How the web app formats the cell. */
  /** `state`: a green (true) or red (false) dot, spec 3 §4 module states. */
  format: z.enum(['text', 'date', 'longDate', 'boolean', 'person', 'state']).default('text'),
  hidden: z.boolean().default(false),
});
export type GenericColumn = z.infer<typeof GenericColumn>;

/** GET …/{entity}/list: columns, rows and the total (before limit/offset). */
export const GenericListResponse = z.object({
  columns: z.array(GenericColumn),
  data: z.array(z.record(z.string(), z.unknown())),
  count: z.number().int(),
});
export type GenericListResponse = z.infer<typeof GenericListResponse>;

/** Query of a generic list (spec 3 §9 defaults: sort field 0, ASC, limit 10, offset 0). */
export const GenericListQuery = z.object({
  search: z.string().max(100).optional(),
  sortByField: Index.default(0),
  sortOrder: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('ASC'),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  offset: Index.default(0),
  /** The search modal's filters of lists the database pages (`filter=role:admin`, repeated). */
  filter: z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z
        .array(
          z
            .string()
            .max(120)
            .regex(/^[a-zA-Z]+:/),
        )
        .max(10),
    )
    .optional(),
});
export type GenericListQuery = z.infer<typeof GenericListQuery>;

/** GET …/{entity}/export and the update export: an xlsx as base64. */
export const FileDownloadResponse = z.object({ filename: z.string(), data: z.string(), type: z.string() });
export type FileDownloadResponse = z.infer<typeof FileDownloadResponse>;

/** One rejected line of an import; the web app words it `Erreur ligne {line} colonne {column}` then the message. */
export const ImportLineError = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type ImportLineError = z.infer<typeof ImportLineError>;

/**
 * POST …/{alias}/import-post. All or nothing: with any invalid line nothing is written and every
 * invalid line is reported; otherwise every line is applied in one transaction.
 */
export const ImportReport = z.object({
  hasError: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(ImportLineError),
  /** Validation errors of the import form itself (missing file…). */
  validationErrors: z.array(ValidationError).default([]),
});
export type ImportReport = z.infer<typeof ImportReport>;

// ── Manager shell ────────────────────────────────────────────────────────────────────────────────

/** GET /app/lea-manager/menu/{courseId}: the side menu; `path` is relative to /lea-manager/{course}/. */
export const ManagerMenuEntry = z.object({ code: z.string(), title: z.string(), icon: z.string(), path: z.string() });
export const ManagerMenuResponse = z.object({
  trainingCourse: z.object({ id: z.number().int(), displayName: z.string(), archive: z.boolean() }),
  entries: z.array(ManagerMenuEntry),
});
export type ManagerMenuResponse = z.infer<typeof ManagerMenuResponse>;

/** GET /app/lea-manager/{course}/config: the manager home's indicators (fixed sample figures per spec 3 §1, plus live counts). */
export const ManagerHomeResponse = z.object({
  trainingCourse: z.object({
    id: z.number().int(),
    displayName: z.string(),
    startYear: z.number().int().nullable(),
    endYear: z.number().int().nullable(),
  }),
  counts: z.object({ crews: z.number().int(), triads: z.number().int(), activeTriads: z.number().int(), users: z.number().int() }),
});
export type ManagerHomeResponse = z.infer<typeof ManagerHomeResponse>;

// ── Triad list (spec 3 §2.2, §3) ─────────────────────────────────────────────────────────────────

export const ManagerTriad = z.object({
  id: z.number().int(),
  active: z.boolean(),
  isTest: z.boolean(),
  apprentice: PersonSummary.nullable(),
  tutor: PersonSummary.nullable(),
  apprenticeMaster: PersonSummary.nullable(),
  /** The fourth column, marked CL: the company manager (contract manager) of the triad. */
  manager: PersonSummary.nullable(),
  /** Secondary users: userType 1 of the apprentice, 2 of the tutor. */
  triadUsers: z.array(z.object({ id: z.number().int(), userType: z.number().int(), user: PersonSummary })),
  contractCount: z.number().int(),
  /** A questionnaire reply of this triad is signed: deleting warns (questionnaire_triad_already_signed). */
  isAlreadyQuestionnaireSigned: z.boolean(),
});
export type ManagerTriad = z.infer<typeof ManagerTriad>;

/** GET /app/lea-manager/{course}/triad/list: one widget per crew; triads without a crew come last under crew null. */
export const ManagerTriadListResponse = z.object({
  crews: z.array(z.object({ id: z.number().int().nullable(), title: z.string(), triads: z.array(ManagerTriad) })),
});
export type ManagerTriadListResponse = z.infer<typeof ManagerTriadListResponse>;

// ── Send user infos (spec 3 §2.2, §3) ────────────────────────────────────────────────────────────

export const SendInfosUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  alreadyConnectedOnce: z.boolean(),
  /** The user's profile in the triad, for the list's grouping. */
  profile: z.number().int(),
  mail: z.string(),
  resetNumber: z.number().int(),
  welcomeNumber: z.number().int(),
});
export type SendInfosUser = z.infer<typeof SendInfosUser>;

/** GET /app/lea-manager/{course}/triad/send-user-infos: one list per crew. */
export const SendInfosResponse = z.object({
  crews: z.array(z.object({ id: z.number().int().nullable(), title: z.string(), users: z.array(SendInfosUser) })),
});
export type SendInfosResponse = z.infer<typeof SendInfosResponse>;

/** POST …/triad/send-welcome and …/triad/send-new-password. */
export const SendInfosBody = z.object({ users: z.array(BodyId).min(1) });
export type SendInfosBody = z.infer<typeof SendInfosBody>;
export const SendInfosResult = z.object({ hasError: z.boolean(), message: z.string(), sent: z.number().int() });
export type SendInfosResult = z.infer<typeof SendInfosResult>;

// ── Generic call bodies ──────────────────────────────────────────────────────────────────────────

/** PUT …/{entity}/move/{id}: the new parent (a crew for a triad); null detaches when the entity allows it. */
export const GenericMoveBody = z.object({ target: BodyId.nullable() });
export type GenericMoveBody = z.infer<typeof GenericMoveBody>;

/**
 * POST …/{alias}/import-post: the import form's `{code, form}` entries (its file field holds the
 * uploaded file's `{id, originalName}`), the course (must be the path's) and the update flag.
 */
export const ImportPostBody = z.object({
  form: FormPayload,
  trainingCourse: z.object({ id: BodyId }).optional(),
  update: z.boolean().default(false),
});
export type ImportPostBody = z.infer<typeof ImportPostBody>;

/** GET …/{entity}/search/{text}: the choices of a remote select (`attributes.ajaxUrl`). */
export const ChoiceSearchResponse = z.array(FieldChoice);
export type ChoiceSearchResponse = z.infer<typeof ChoiceSearchResponse>;

// ── Values of the entity forms (the merged `form` objects of a FormPayload) ──────────────────────
// The form model's rules (required, e-mail…) run first with validateFormPayload; these schemas then
// turn the renderer's values (strings, lists of choice values) into typed input.

const tooLong = (max: number) => MESSAGES.tooLong({ max });
const DATE_MESSAGE = MESSAGES.date;
const CHOICE_MESSAGE = MESSAGES.choice;

/** '' and undefined read as null (an emptied optional field). */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
/** A select holds "12", a remote select ["12"]: both read as 12. */
const firstChoice = (value: unknown) => blankToNull(Array.isArray(value) ? (value[0] ?? null) : value);

export const FormText = (max: number) => z.string(MESSAGES.required).trim().min(1, MESSAGES.required).max(max, tooLong(max));
export const FormOptionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, tooLong(max)).nullable()).transform((value) => (value ? value : null));
export const FormEmail = z
  .string(MESSAGES.required)
  .trim()
  .max(180, tooLong(180))
  .refine((value) => isValidEmail(value), MESSAGES.email);
export const FormOptionalEmail = z.preprocess(blankToNull, FormEmail.nullable());
function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
const ChoiceId = z.coerce.number(CHOICE_MESSAGE).int(CHOICE_MESSAGE).positive(CHOICE_MESSAGE).max(INT4_MAX, CHOICE_MESSAGE);
export const FormId = z.preprocess(firstChoice, ChoiceId);
export const FormOptionalId = z.preprocess(firstChoice, ChoiceId.nullable());
/** A calendar date `YYYY-MM-DD` that exists (not 2026-13-45 nor 2026-02-30, which PostgreSQL would refuse with a 500). */
export const FormDate = z
  .string(MESSAGES.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => isRealDate(value), DATE_MESSAGE);
export const FormOptionalDate = z.preprocess(blankToNull, FormDate.nullable());
export const FormCheckbox = z.preprocess((value) => value === true || value === 'true' || value === 1 || value === '1', z.boolean());

/** crew: a cohort of the course. */
export const CrewInput = z.object({ title: FormText(255) });
export type CrewInput = z.infer<typeof CrewInput>;

/** The people of a triad form, by role prefix: `apprenticeLastName`, `apprenticeFirstName`, `apprenticeEmail`… */
export const TRIAD_ROLES = ['apprentice', 'tutor', 'tutor2', 'apprenticeMaster', 'apprenticeMaster2', 'companyManager'] as const;
export type TriadRole = (typeof TRIAD_ROLES)[number];
const personShape = <R extends TriadRole>(role: R) =>
  ({
    [`${role}LastName`]: FormOptionalText(100),
    [`${role}FirstName`]: FormOptionalText(100),
    [`${role}Email`]: FormOptionalEmail,
  }) as Record<`${R}LastName` | `${R}FirstName`, ReturnType<typeof FormOptionalText>> & Record<`${R}Email`, typeof FormOptionalEmail>;

/** triad: its crew, its state and its people, each matched by e-mail on the platform (or created). */
export const TriadInput = z.object({
  crew: FormId,
  active: FormCheckbox,
  ...personShape('apprentice'),
  ...personShape('tutor'),
  ...personShape('tutor2'),
  ...personShape('apprenticeMaster'),
  ...personShape('apprenticeMaster2'),
  ...personShape('companyManager'),
});
export type TriadInput = z.infer<typeof TriadInput>;

/** contract of a triad; the company tab picks an existing company or describes a new one. */
export const ContractInput = z.object({
  contractNumber: FormOptionalText(50),
  contractType: FormOptionalId,
  startDate: FormDate,
  endDate: FormOptionalDate,
  ruptureDate: FormOptionalDate,
  ruptureCause: FormOptionalText(2000),
  apprenticeMaster: FormOptionalId,
  manager: FormOptionalId,
  companyChoice: z.enum(['existing', 'new'], CHOICE_MESSAGE),
  company: FormOptionalId,
  companyName: FormOptionalText(255),
  siretNumber: FormOptionalText(20),
  address1: FormOptionalText(255),
  address2: FormOptionalText(255),
  postCode: FormOptionalText(20),
  city: FormOptionalText(100),
});
export type ContractInput = z.infer<typeof ContractInput>;

/** triad-user: a secondary user of a triad, userType 1 of the apprentice, 2 of the tutor. */
export const TriadUserInput = z.object({
  user: FormId,
  userType: z
    .preprocess(
      firstChoice,
      z.coerce.number(CHOICE_MESSAGE).refine((value) => value === 1 || value === 2, CHOICE_MESSAGE),
    )
    .transform((value) => value as 1 | 2),
  triad: FormOptionalId,
});
export type TriadUserInput = z.infer<typeof TriadUserInput>;

/** lea-user: a person of the platform, added without a password (the welcome e-mail sets it). */
export const LeaUserInput = z.object({
  lastName: FormText(100),
  firstName: FormText(100),
  email: FormEmail,
  type: z.preprocess(blankToNull, z.enum(['apprentice', 'tutor', 'apprentice_master'], CHOICE_MESSAGE).nullable()),
  phone: FormOptionalText(30),
});
export type LeaUserInput = z.infer<typeof LeaUserInput>;
