import { z } from 'zod';
import { stripMarkup } from '../form-validation.js';
import { FormOptionalEmail, FormOptionalText, FormText, GenericListResponse } from './manager.js';

/**
 * What an entity of a back-office area can do, read from its server declaration (spec 3 §4,
 * §7): the web app draws its screens and actions from this, never from the alias.
 */
export const EntityCapabilities = z.object({
  list: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  remove: z.boolean(),
  /** Drag reorder: `PUT …/sort/{id}/{index}`. */
  sort: z.boolean(),
  move: z.boolean(),
  copy: z.boolean(),
  /** xlsx import (`import`, with its model file) and update (`update`, with the export of the current data). */
  import: z.boolean(),
  export: z.boolean(),
  /** One record of the area, no list and no id (data agreement, course configuration): `GET …/unique-form`, `PUT …/unique-post`. */
  singleton: z.boolean(),
});
export type EntityCapabilities = z.infer<typeof EntityCapabilities>;

/** A count's text per plural form of the language (Intl.PluralRules), `{count}` standing for the number. */
const Plural = z.object({ one: z.string(), other: z.string() });

export const EntityDescription = z.object({
  alias: z.string(),
  /** The alias of the entity it hangs on (contract → triad): its screens carry the parent id. */
  parent: z.string().nullable(),
  /** Screen path under the area's base (`triad/crew`), and where saved forms return when not to its own list. */
  screen: z.object({ path: z.string(), back: z.string().nullable() }),
  titles: z.object({
    list: z.string(),
    add: z.string(),
    edit: z.string(),
    back: z.string(),
    import: z.string().nullable(),
    update: z.string().nullable(),
  }),
  /** The import screen's words: above the model file (new file, update) and the report's counts (`{count}`). */
  importTexts: z.object({ import: z.string(), update: z.string(), created: Plural, updated: Plural, thanks: z.string() }).nullable(),
  can: EntityCapabilities,
});
export type EntityDescription = z.infer<typeof EntityDescription>;

/** GET /app/lea-manager/{course}/generic/entities and /app/admin/generic/entities: every entity of the area. */
export const BackOfficeEntities = z.object({ area: z.enum(['manager', 'admin']), entities: z.array(EntityDescription) });
export type BackOfficeEntities = z.infer<typeof BackOfficeEntities>;

/** A generic list with, for entities under a parent, a line naming it (the triad's apprentice). */
export const BackOfficeListResponse = GenericListResponse.extend({ subtitle: z.string().nullable().optional() });
export type BackOfficeListResponse = z.infer<typeof BackOfficeListResponse>;

/** Admin area: an institution of the platform (spec 3 §2.3, §3). */
export const InstitutionInput = z.object({
  name: FormText(255),
  address: FormOptionalText(255),
  postCode: FormOptionalText(20),
  city: FormOptionalText(100),
  siret: FormOptionalText(20),
});
export type InstitutionInput = z.infer<typeof InstitutionInput>;

/** Rich text that may be emptied: an editor holding only markup (`<p></p>`) is stored as null. */
const FormOptionalHtml = FormOptionalText(100_000).transform((value) => (value !== null && stripMarkup(value) === '' ? null : value));

/** Admin area: the platform's legal and help texts (rich text, sanitised when read) and its help e-mail (spec 1 §3.2). */
export const DataAgreementInput = z.object({
  presentation: FormOptionalHtml,
  legalNotice: FormOptionalHtml,
  termOfService: FormOptionalHtml,
  learnerPrivacy: FormOptionalHtml,
  professionalTutorPrivacy: FormOptionalHtml,
  pedagogicTutorPrivacy: FormOptionalHtml,
  helpContactEmail: FormOptionalEmail,
  helpContact: FormOptionalHtml,
  homeAlert: FormOptionalHtml,
});
export type DataAgreementInput = z.infer<typeof DataAgreementInput>;
