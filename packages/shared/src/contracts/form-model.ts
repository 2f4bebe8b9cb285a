import { z } from 'zod';
import { BodyId } from './common.js';

/**
 * Kinds of field the server-built form renderer knows (spec 1 §3.6). Values on the wire:
 * date `YYYY-MM-DD`, datetime `YYYY-MM-DD HH:mm`, time `HH:mm`, number as typed (dot or comma),
 * multiselect / remoteselect / checkboxgroup a list of choice values, checkbox a boolean,
 * file a `FileFieldValue` (a list of them when `maxFiles` > 1), translatable `{language: text}`.
 */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'editor',
  'email',
  'phone',
  'number',
  'password',
  'select',
  'multiselect',
  'remoteselect',
  'radio',
  'checkbox',
  'checkboxgroup',
  'date',
  'datetime',
  'time',
  'file',
  'hidden',
  'color',
  'translatable',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const FieldAttributes = z.object({
  placeholder: z.string().optional(),
  class: z.string().optional(),
  readonly: z.boolean().optional(),
  minDate: z.string().optional(),
  maxDate: z.string().optional(),
  minuteIncrement: z.number().optional(),
  taggable: z.boolean().optional(),
  ajaxUrl: z.string().optional(),
  ajaxLoad: z.boolean().optional(),
  editorType: z.enum(['simple', 'medium']).optional(),
  hideError: z.boolean().optional(),
  /** Reference to another field whose value is this one's minimum (spec 1 §4.5). */
  dateReference: z.object({ field: z.string(), kind: z.enum(['day', 'hour', 'datehour']) }).optional(),
  minTags: z.number().int().optional(),
  maxTags: z.number().int().optional(),
  maxFileBytes: z.number().int().optional(),
  maxFiles: z.number().int().optional(),
  allowedExtensions: z.array(z.string()).optional(),
  fileMessage: z.string().optional(),
  uploadType: z.string().optional(),
  keepValueWhenHidden: z.boolean().optional(),
  languages: z.array(z.string()).optional(),
  /** Name of a field of the same form whose value this one must repeat (password confirmation). */
  equalTo: z.string().optional(),
  /** Checkboxes of one group are exclusive: ticking one unticks the others (the user's role flags, spec 3 §4). */
  exclusiveGroup: z.string().optional(),
});
export type FieldAttributes = z.infer<typeof FieldAttributes>;

/** An uploaded file as a file field holds it. */
export const FileFieldValue = z.object({ id: BodyId, originalName: z.string() });
export type FileFieldValue = z.infer<typeof FileFieldValue>;

export const FieldChoice = z.object({ value: z.string(), label: z.string() });
export type FieldChoice = z.infer<typeof FieldChoice>;

export const FormField = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  help: z.string().nullable().optional(),
  value: z.unknown().optional(),
  required: z.boolean().default(false),
  disabled: z.boolean().default(false),
  hide: z.boolean().default(false),
  error: z.string().nullable().optional(),
  attributes: FieldAttributes.default({}),
  choices: z.array(FieldChoice).optional(),
  kind: z.enum(FIELD_KINDS),
  /**
   * Toggler: this field's value shows the fields whose toggleClass is `${togglerTarget}${value}`
   * (a boolean value reads as 1 or 0) and hides the other ones starting with togglerTarget.
   */
  togglerTarget: z.string().nullable().optional(),
  toggleClass: z.string().nullable().optional(),
});
export type FormField = z.infer<typeof FormField>;

/** A tab (wizard step); a tab with a toggleClass is shown or hidden by a toggler like a field. */
export const FormTab = z.object({
  code: z.string(),
  label: z.string(),
  fields: z.array(FormField),
  toggleClass: z.string().nullable().optional(),
});
export type FormTab = z.infer<typeof FormTab>;

export const FormModel = z.object({ tabs: z.array(FormTab) });
export type FormModel = z.infer<typeof FormModel>;

/** Form payloads are lists of entries, each with a code (tab) and form values. */
export const FormPayloadEntry = z.object({ code: z.string(), form: z.record(z.string(), z.unknown()) });
export const FormPayload = z.array(FormPayloadEntry);
export type FormPayload = z.infer<typeof FormPayload>;
