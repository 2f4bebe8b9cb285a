import { z } from 'zod';
import { BodyId, Id } from './common.js';
import { FormOptionalFile } from './lesson.js';
import { FormCheckbox, FormId, FormOptionalText, FormText } from './manager.js';
import { MESSAGES } from '../validation.js';

/**
 * Every module of the triad menu (spec 2 §2, spec 3 §3 Module), in the catalogue's default order,
 * with its default icon (a Tabler name). A platform holds one row of each (decision 028); the
 * gradebook and attestation codes are the product's names for spec 2's gradebook and attestations.
 */
export const MODULE_CATALOGUE = [
  { code: 'MODULE_LEA_DOCUMENT', icon: 'IconFolder' },
  { code: 'MODULE_LEA_SKILL', icon: 'IconChecklist' },
  { code: 'MODULE_LEA_QUESTIONNAIRE', icon: 'IconClipboardList' },
  { code: 'MODULE_LEA_ABSENCE', icon: 'IconCalendar' },
  { code: 'MODULE_LEA_MESSAGE', icon: 'IconMail' },
  { code: 'MODULE_LEA_COURSE', icon: 'IconBook' },
  { code: 'MODULE_LEA_NOTE', icon: 'IconNote' },
  { code: 'MODULE_LEA_NOTEPAD', icon: 'IconNotes' },
  { code: 'MODULE_LEA_REGISTRATION', icon: 'IconUserPlus' },
  { code: 'MODULE_LEA_WEBLINKS', icon: 'IconLink' },
  { code: 'MODULE_LEA_GRADEBOOK', icon: 'IconSchool' },
  { code: 'MODULE_LEA_ATTESTATION', icon: 'IconCertificate' },
] as const;
export type ModuleCode = (typeof MODULE_CATALOGUE)[number]['code'];

/** Admin area: a module of the platform's catalogue (its name, icon and whether the platform offers it). */
export const AdminModuleInput = z.object({
  name: FormOptionalText(255),
  icon: FormText(100),
  enabled: FormCheckbox,
});
export type AdminModuleInput = z.infer<typeof AdminModuleInput>;

/** Manager area: a module of the course (its title in the course's menu, and whether the course has it). */
export const CourseModuleInput = z.object({ title: FormOptionalText(255), enabled: FormCheckbox });
export type CourseModuleInput = z.infer<typeof CourseModuleInput>;

/** PUT /app/lea-manager/{course}/training-course-module-triad/edit/{id}. */
export const ModuleTriadParams = z.object({ course: Id, id: Id });
export const ModuleTriadBody = z.object({ visible: z.boolean() });
export type ModuleTriadBody = z.infer<typeof ModuleTriadBody>;

/**
 * GET /app/lea-manager/{course}/training-course-module-triad/list: the course's modules (in menu
 * order) and, per triad, the visibility entry of each module (`id` is what the edit call takes).
 */
export const ModuleTriadList = z.object({
  modules: z.array(z.object({ id: BodyId, code: z.string(), title: z.string(), icon: z.string(), enabled: z.boolean() })),
  triads: z.array(
    z.object({
      id: BodyId,
      name: z.string(),
      crew: z.string().nullable(),
      entries: z.array(z.object({ id: BodyId, moduleId: BodyId, visible: z.boolean() })),
    }),
  ),
});
export type ModuleTriadList = z.infer<typeof ModuleTriadList>;

const COLOR_MESSAGE = MESSAGES.invalidColor;
/** `#rrggbb`, or empty for none. */
const FormOptionalColor = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, COLOR_MESSAGE)
    .nullable(),
);
/** Manager area: the course's skin (spec 3 §1), over its institution's and the platform's design. */
export const CourseSkinInput = z.object({
  principalColor: FormOptionalColor,
  secondaryColor: FormOptionalColor,
  /** The id of a picture the manager uploaded (png, jpeg, gif: the PDFs embed it). */
  logo: FormOptionalFile,
});
export type CourseSkinInput = z.infer<typeof CourseSkinInput>;

/** Manager area: the booklet template, printed on the booklet's and the questionnaires' PDFs. */
export const CourseTemplateInput = z.object({
  coverText: FormOptionalText(2000),
  headerText: FormOptionalText(255),
  footerText: FormOptionalText(255),
});
export type CourseTemplateInput = z.infer<typeof CourseTemplateInput>;

const optionalYear = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? null : value),
  z.coerce.number(MESSAGES.choice).int(MESSAGES.choice).min(2000, MESSAGES.choice).max(2100, MESSAGES.choice).nullable(),
);

export const INFO_BLOCK_KINDS = ['presentation', 'contact', 'partner', 'communication'] as const;
export type InfoBlockKind = (typeof INFO_BLOCK_KINDS)[number];

const infoBlockFields = Object.fromEntries(
  INFO_BLOCK_KINDS.flatMap((kind) => [
    [`${kind}Display`, FormCheckbox],
    [`${kind}BlockName`, FormOptionalText(255)],
    [`${kind}Content`, FormOptionalText(100_000)],
  ]),
) as Record<`${InfoBlockKind}Display`, typeof FormCheckbox> &
  Record<`${InfoBlockKind}BlockName` | `${InfoBlockKind}Content`, ReturnType<typeof FormOptionalText>>;

/**
 * The triad profiles (1 apprentice … 4 manager) that may add notes to the notepad: a checkbox
 * group's list, each profile once; an empty list is allowed (the notepad is read-only for all).
 * Anything but a list (or nothing) is a field error.
 */
export const NotepadWriters = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? [] : value),
  z
    .array(z.coerce.number(MESSAGES.choice).int(MESSAGES.choice).min(1, MESSAGES.choice).max(4, MESSAGES.choice), MESSAGES.choice)
    .max(4, MESSAGES.choice)
    .transform((profiles) => [...new Set(profiles)].sort((a, b) => a - b)),
);

/** Manager area: the course configuration (manager home `config`), spec 3 §1 and spec 2 §2 home. */
export const CourseConfigInput = z.object({
  displayName: FormText(255),
  startYear: optionalYear,
  endYear: optionalYear,
  displayDocument: FormCheckbox,
  blocNameDocument: FormOptionalText(255),
  leaManagerColumn: FormCheckbox,
  notepadWriters: NotepadWriters,
  notepadTitle: FormOptionalText(255),
  ...infoBlockFields,
});
export type CourseConfigInput = z.infer<typeof CourseConfigInput>;

/** A checkbox group of profiles (1 apprentice … 4 manager): at least one. */
const FormProfiles = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.coerce.number(MESSAGES.choice).int(MESSAGES.choice).min(1, MESSAGES.choice).max(4, MESSAGES.choice))
    .min(1, MESSAGES.required)
    .max(4, MESSAGES.choice),
);

/**
 * Manager area: a document the manager gives the course (spec 3 §3 Document, documentType 2): its
 * category (general or pedagogic), file, whether the triads' home shows it, the profiles that read it.
 */
export const CourseDocumentInput = z.object({
  title: FormText(255),
  category: FormId,
  file: FormOptionalFile,
  visibleHomeLea: FormCheckbox,
  rights: FormProfiles,
  /** The courses (of the manager's) the document is given to: two or more make it shared, and locked. */
  courses: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(FormId).max(500),
  ),
});
export type CourseDocumentInput = z.infer<typeof CourseDocumentInput>;
