import type { FieldAttributes, FieldChoice, FieldKind, FormField, FormModel } from '@lea/shared';
import { localize } from './text.js';
import type { Locale, Speech, Text } from './types.js';

/** A field as a declaration writes it: labels as catalogue texts, no value yet. */
export type FieldSpec = {
  name: string;
  kind: FieldKind;
  label: Text;
  help?: Text;
  required?: boolean;
  disabled?: boolean;
  hide?: boolean;
  choices?: FieldChoice[];
  attributes?: FieldAttributes;
  togglerTarget?: string;
  toggleClass?: string;
  /** The value of a new record. */
  initial?: unknown;
};

export type TabSpec = { code: string; label: Text; fields: FieldSpec[]; toggleClass?: string };

/** Choices whose labels are catalogue texts, in the request's language (give the scope when they name a profile). */
export function choicesOf(speech: Locale | Speech, choices: readonly { value: string; label: Text }[]): FieldChoice[] {
  return choices.map((choice) => ({ value: choice.value, label: localize(choice.label, speech) }));
}

/**
 * The generic form model (spec 1 §3.6) of tabs written once per entity: labels in the request's
 * language, values of the edited record (`values`, by field name) or each field's initial value.
 * Give the scope rather than its locale when a label names a profile (the platform's titles).
 * Field ids are `{alias}_{name}`: unique in the page, stable for the tests and the web renderer.
 */
export function buildFormModel(
  alias: string,
  speech: Locale | Speech,
  tabs: readonly TabSpec[],
  values: Readonly<Record<string, unknown>> | null,
): FormModel {
  const toField = (spec: FieldSpec): FormField => ({
    id: `${alias}_${spec.name}`,
    name: spec.name,
    label: localize(spec.label, speech),
    help: spec.help ? localize(spec.help, speech) : null,
    value: values === null ? (spec.initial ?? null) : (values[spec.name] ?? null),
    required: spec.required ?? false,
    disabled: spec.disabled ?? false,
    hide: spec.hide ?? false,
    error: null,
    attributes: spec.attributes ?? {},
    ...(spec.choices ? { choices: spec.choices } : {}),
    kind: spec.kind,
    togglerTarget: spec.togglerTarget ?? null,
    toggleClass: spec.toggleClass ?? null,
  });
  return {
    tabs: tabs.map((tab) => ({
      code: tab.code,
      label: localize(tab.label, speech),
      fields: tab.fields.map(toField),
      toggleClass: tab.toggleClass ?? null,
    })),
  };
}
