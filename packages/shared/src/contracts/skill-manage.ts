import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { Id, INT4_MAX } from './common.js';
import { QuestionnaireEditorBody } from './questionnaire-editor.js';
import { FormCheckbox, FormDate, FormId, FormOptionalId, FormOptionalText, FormText } from './manager.js';
import { MAX_SKILL_LEVEL, MIN_SKILL_LEVEL } from './skill.js';

/** A checkbox group or multiselect of ids: a list of choice values ("12"), or one value alone. */
const FormIdList = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.coerce.number(MESSAGES.choice).int(MESSAGES.choice).positive(MESSAGES.choice).max(INT4_MAX, MESSAGES.choice)).max(500),
);

const FormOptionalLevel = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? null : value),
  z.coerce.number(MESSAGES.choice).int(MESSAGES.choice).min(0, MESSAGES.choice).max(MAX_SKILL_LEVEL, MESSAGES.choice).nullable(),
);

/** skill-type (spec 3 §3 Skill type: id, name). */
export const SkillTypeInput = z.object({ name: FormText(255) });
export type SkillTypeInput = z.infer<typeof SkillTypeInput>;

/** skill-category: a name, an optional mother (daughters nest), an optional code (an RNCP block's). */
export const SkillCategoryInput = z.object({ name: FormText(500), mother: FormOptionalId, code: FormOptionalText(50) });
export type SkillCategoryInput = z.infer<typeof SkillCategoryInput>;

/** skill-session: its dates (open while today lies between them) and the root categories it rates. */
export const SkillSessionInput = z.object({
  name: FormText(255),
  startDate: FormDate,
  endDate: FormDate,
  categories: FormIdList,
});
export type SkillSessionInput = z.infer<typeof SkillSessionInput>;

/** skill (spec 2 §3 Skill): its category, type, tooltip, justification flag and required value. */
export const SkillInput = z.object({
  name: FormText(2000),
  category: FormId,
  skillType: FormOptionalId,
  tooltip: FormOptionalText(2000),
  needJustificative: FormCheckbox,
  requiredValue: FormOptionalLevel,
});
export type SkillInput = z.infer<typeof SkillInput>;

/** skill-configuration (spec 3 §4–§5): the level count, one label per level, the rating profiles. */
export const SkillConfigurationInput = z.object({
  maxSkillLevel: z.coerce
    .number(MESSAGES.choice)
    .int(MESSAGES.choice)
    .min(MIN_SKILL_LEVEL, MESSAGES.choice)
    .max(MAX_SKILL_LEVEL, MESSAGES.choice),
  levelLabels: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(
        z
          .string()
          .trim()
          .max(100, MESSAGES.tooLong({ max: 100 })),
      )
      .max(50),
  ),
  skillRoles: FormIdList.pipe(z.array(z.number().int().min(1, MESSAGES.choice).max(4, MESSAGES.choice))),
  skillPresentation: FormOptionalText(5000),
});
export type SkillConfigurationInput = z.infer<typeof SkillConfigurationInput>;

/** RNCP import (France Compétences' open data): the uploaded file, and the certification picked by its number. */
export const RncpFileQuery = z.object({ file: z.coerce.number().int().positive().max(INT4_MAX) });
export const RncpImportRequest = z.object({
  file: z.number().int().positive().max(INT4_MAX),
  rncp: z
    .string()
    .trim()
    .regex(/^RNCP\d{1,9}$/i),
});
export type RncpImportRequest = z.infer<typeof RncpImportRequest>;
export const RncpCertificationsResponse = z.object({
  certifications: z.array(z.object({ numero: z.string(), intitule: z.string(), blocks: z.number().int() })),
});
export type RncpCertificationsResponse = z.infer<typeof RncpCertificationsResponse>;
export const RncpImportResponse = z.object({
  hasError: z.boolean(),
  message: z.string(),
  categories: z.number().int(),
  skills: z.number().int(),
});
export type RncpImportResponse = z.infer<typeof RncpImportResponse>;
export const RemoveRepositoryResponse = z.object({ success: z.boolean(), message: z.string(), removed: z.number().int() });
export type RemoveRepositoryResponse = z.infer<typeof RemoveRepositoryResponse>;

/**
 * `GET …/skill/generate-questionnaire[/{session}]`: the questionnaire editor body generated from a
 * skill session (the current one without an id): one title block per category, one rating field
 * per skill linked to it by `fieldSkills`; saved with `POST …/questionnaire?skillSession={id}`.
 */
export const GeneratedQuestionnaireResponse = z.object({
  session: z.object({ id: z.number().int(), name: z.string() }),
  sessions: z.array(z.object({ id: z.number().int(), name: z.string(), current: z.boolean() })),
  questionnaire: QuestionnaireEditorBody,
});
export type GeneratedQuestionnaireResponse = z.infer<typeof GeneratedQuestionnaireResponse>;
/** The questionnaire save's query (spec 3 §7.1): `skillSession` when generated from a skill session. */
export const QuestionnaireSaveQuery = z.object({ skillSession: Id.optional() });
export type QuestionnaireSaveQuery = z.infer<typeof QuestionnaireSaveQuery>;
