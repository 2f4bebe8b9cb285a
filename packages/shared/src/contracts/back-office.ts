import { z } from 'zod';
import { stripMarkup } from '../form-validation.js';
import { FormCheckbox, FormOptionalText, FormText, GenericListResponse } from './manager.js';

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

/**
 * A page-level action of an entity's list, declared by the entity (spec 3 §2.3 trainings: add
 * test, export registrations, generate test triads): a button over the list. `call` runs
 * `GET {area API base}/{path}` (a save or action envelope; the list refreshes and the notice shows),
 * `download` fetches a file from it. `confirm` asks first; `choice` first picks a record among
 * the choices `GET {area API base}/{choice.path}` answers (`{value, label}[]`), sent as
 * `?{choice.query}={value}`.
 */
export const PageAction = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['call', 'download']),
  path: z.string(),
  confirm: z.string().nullable(),
  choice: z.object({ query: z.string(), label: z.string(), path: z.string() }).nullable(),
});
export type PageAction = z.infer<typeof PageAction>;

/** A count's text per plural form of the language (Intl.PluralRules), `{count}` standing for the number. */
const Plural = z.object({ one: z.string(), other: z.string() });

export const EntityDescription = z.object({
  alias: z.string(),
  /** The list's page-level actions (PageAction), in order; absent when it has none. */
  pageActions: z.array(PageAction).optional(),
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
  /**
   * Several records at once (the planning's multi-select, spec 3 §7.1): `DELETE {area base}/{path}`
   * with the selected ids under `field`, all or none; null when the list has no multi-select.
   */
  bulkRemove: z.object({ path: z.string(), field: z.string() }).nullable(),
  /**
   * Tabs over the list by one field of its rows (the documents' general and pedagogic, spec 3
   * §2.2): the list asks `filter={key}:{value}` (`initial` when none), the add screen of a tab
   * presets the field through `set`; absent or null when the list has no tabs.
   */
  tabs: z
    .object({ key: z.string(), initial: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })) })
    .nullable()
    .optional(),
  /**
   * A part of a singleton of the area shown above the list, its settings (the help documents' help
   * contact, spec 3 §2.3 `help-document/settings`): its `unique-form?part={part}`, saved by
   * `PUT …/generic/{alias}/unique-post` with that part's tabs only.
   */
  settings: z.object({ alias: z.string(), part: z.string() }).nullable().optional(),
});
export type EntityDescription = z.infer<typeof EntityDescription>;

/** GET /app/lea-manager/{course}/generic/entities and /app/admin/generic/entities: every entity of the area. */
export const BackOfficeEntities = z.object({ area: z.enum(['manager', 'admin', 'shared']), entities: z.array(EntityDescription) });
export type BackOfficeEntities = z.infer<typeof BackOfficeEntities>;

/** A generic list with, for entities under a parent, a line naming it (the triad's apprentice). */
export const BackOfficeListResponse = GenericListResponse.extend({ subtitle: z.string().nullable().optional() });
export type BackOfficeListResponse = z.infer<typeof BackOfficeListResponse>;

/** Admin area: an institution of the platform (spec 3 §2.3, §3). */
export const InstitutionInput = z.object({
  name: FormText(255),
  code: FormOptionalText(50),
  address: FormOptionalText(255),
  postCode: FormOptionalText(20),
  city: FormOptionalText(100),
  siret: FormOptionalText(20),
});
export type InstitutionInput = z.infer<typeof InstitutionInput>;

/** Rich text that may be emptied: an editor holding only markup (`<p></p>`) is stored as null. */
export const FormOptionalHtml = FormOptionalText(100_000).transform((value) =>
  value !== null && stripMarkup(value) === '' ? null : value,
);

/**
 * Admin area: the platform's legal texts (rich text, sanitised when stored, spec 1 §3.2); `publish`
 * makes the save a new version that every user accepts at their next sign-in (issue 13 §5).
 */
export const DataAgreementInput = z.object({
  legalNotice: FormOptionalHtml,
  termOfService: FormOptionalHtml,
  learnerPrivacy: FormOptionalHtml,
  professionalTutorPrivacy: FormOptionalHtml,
  pedagogicTutorPrivacy: FormOptionalHtml,
  publish: FormCheckbox,
});
export type DataAgreementInput = z.infer<typeof DataAgreementInput>;

/** The admin's sign-in choices per profile (issue 20 §1): each profile 'password', 'email' or 'both'. */
const SignInChoiceField = z.enum(['password', 'email', 'both']);
export const SignInMethodsInput = z.object({
  apprentice: SignInChoiceField,
  tutor: SignInChoiceField,
  apprentice_master: SignInChoiceField,
  company_manager: SignInChoiceField,
  secondary: SignInChoiceField,
  manager: SignInChoiceField,
  admin: SignInChoiceField,
});
export type SignInMethodsInput = z.infer<typeof SignInMethodsInput>;
