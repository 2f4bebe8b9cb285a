import { z } from 'zod';
import { BodyId, INT4_MAX } from './common.js';
import { FileFieldValue } from './form-model.js';
import { FormCheckbox, FormId, FormOptionalEmail, FormOptionalId, FormOptionalText, FormText } from './manager.js';
import { FormOptionalHtml } from './back-office.js';
import { MESSAGES } from '../validation.js';

/** `#rrggbb`, or empty for none. */
const FormOptionalColor = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.invalidColor)
    .nullable(),
);
/** A file field: its first file, or none. */
const FormOptionalFile = z.preprocess(
  (value) => (Array.isArray(value) ? (value[0] ?? null) : value === '' || value === undefined ? null : value),
  FileFieldValue.nullable(),
);
const CHOICE = { message: MESSAGES.choice };
/** A multiselect's values: ids, none when empty. */
const FormIdList = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.coerce.number(CHOICE).int(CHOICE).positive(CHOICE).max(INT4_MAX, CHOICE)).max(200),
);
const YEAR = { message: MESSAGES.number };
const FormYear = z.coerce.number(YEAR).int(YEAR).min(2000, YEAR).max(2100, YEAR);

/** Admin area: a component of an institution (spec 3 §3 Institution). */
export const ComponentInput = z.object({ name: FormText(255), code: FormOptionalText(50) });
export type ComponentInput = z.infer<typeof ComponentInput>;

/** Admin area: a training of the platform, given by an institution (and one of its components). */
export const TrainingInput = z.object({
  title: FormText(255),
  code: FormOptionalText(50),
  institutionId: FormId,
  componentId: FormOptionalId,
});
export type TrainingInput = z.infer<typeof TrainingInput>;

/** Admin area: a training course (spec 3 §3: startYear, endYear) and its managers (second tab). */
export const TrainingCourseInput = z.object({
  trainingId: FormId,
  displayName: FormText(255),
  startYear: FormYear,
  endYear: FormYear,
  archived: FormCheckbox,
  managerIds: FormIdList,
});
export type TrainingCourseInput = z.infer<typeof TrainingCourseInput>;

/** GET /app/admin/training-course/duplicate/{id}?nextYear=1 */
export const DuplicateQuery = z.object({ nextYear: z.enum(['0', '1']).optional() });

/** Admin area: the platform's design (spec 1 §3.2: colours, logos, favicon, presentation, home alert, help contact). */
export const DesignInput = z.object({
  principalColor: FormOptionalColor,
  secondaryColor: FormOptionalColor,
  logoType: FormOptionalFile,
  logoCfa: FormOptionalFile,
  logoHomepage: FormOptionalFile,
  favicon: FormOptionalFile,
  presentation: FormOptionalHtml,
  homeAlert: FormOptionalHtml,
  helpContactEmail: FormOptionalEmail,
  helpContact: FormOptionalHtml,
});
export type DesignInput = z.infer<typeof DesignInput>;

/** Help document types (spec 3 §9): 1 a file, 2 a text. */
export const HELP_DOCUMENT_TYPES = [1, 2] as const;

/** Admin area: a help document of the shell's help modal. */
export const HelpDocumentInput = z.object({
  title: FormText(255),
  documentType: z.coerce.number(CHOICE).pipe(z.union([z.literal(1), z.literal(2)], CHOICE)),
  description: FormOptionalHtml,
  file: FormOptionalFile,
});
export type HelpDocumentInput = z.infer<typeof HelpDocumentInput>;

/** Admin area: a profile's titles in French and in English (spec 3 §3 Profile title). */
export const ProfileTitleInput = z.object({
  fr_title: FormText(100),
  fr_titleWithArticle: FormText(120),
  fr_titlePlural: FormText(100),
  fr_titleAbbreviation: FormText(10),
  en_title: FormText(100),
  en_titleWithArticle: FormText(120),
  en_titlePlural: FormText(100),
  en_titleAbbreviation: FormText(10),
});
export type ProfileTitleInput = z.infer<typeof ProfileTitleInput>;

/** One profile's titles in one language. */
const ProfileTitleForms = z.object({
  title: z.string(),
  titleWithArticle: z.string(),
  titlePlural: z.string(),
  titleAbbreviation: z.string(),
});
/** GET /app/profile-titles: the platform's titles of each profile, in the request's language. */
export const ProfileTitlesResponse = z.object({
  1: ProfileTitleForms,
  2: ProfileTitleForms,
  3: ProfileTitleForms,
  4: ProfileTitleForms,
  companyManager: ProfileTitleForms,
});
export type ProfileTitlesResponse = z.infer<typeof ProfileTitlesResponse>;

/** The texts a data-agreement version may change. */
export const DATA_AGREEMENT_TEXTS = [
  'legalNotice',
  'termOfService',
  'learnerPrivacy',
  'professionalTutorPrivacy',
  'pedagogicTutorPrivacy',
] as const;

/**
 * GET /app/data-agreement/status: whether the signed-in user must accept the platform's latest
 * data-agreement version (null when nothing was published, or when it is accepted), with its texts.
 */
export const DataAgreementStatus = z.object({
  pending: z
    .object({
      version: BodyId,
      publishedAt: z.string(),
      texts: z.array(z.enum(DATA_AGREEMENT_TEXTS)),
    })
    .nullable(),
});
export type DataAgreementStatus = z.infer<typeof DataAgreementStatus>;

/** POST /app/data-agreement/accept: the version the user read and accepts. */
export const DataAgreementAcceptRequest = z.object({ version: BodyId });
export type DataAgreementAcceptRequest = z.infer<typeof DataAgreementAcceptRequest>;
