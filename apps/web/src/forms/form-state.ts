/**
 * Pure state rules of the server-built form: initial values, togglers, date references, visible
 * fields, validation and the payload. The hook and the components only call these.
 */
import {
  collectTogglers,
  fieldLanguages,
  isFieldShown,
  isTabShown,
  validateField,
  type FormField,
  type FormModel,
  type FormPayload,
  type FormTab,
  type ValidationError,
} from '@lea/shared';
import { isDateKind, laterOf, normalizeDateValue, raiseToMinimum, referenceMinimum } from './dates';

/** Values of the form keyed by field id (names may repeat across tabs, ids do not). */
export type FieldValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

export interface FieldRef {
  tab: FormTab;
  field: FormField;
}

export function listFields(model: FormModel): FieldRef[] {
  return model.tabs.flatMap((tab) => tab.fields.map((field) => ({ tab, field })));
}

export function emptyValue(field: FormField): unknown {
  switch (field.kind) {
    case 'multiselect':
    case 'remoteselect':
    case 'checkboxgroup':
      return [];
    case 'checkbox':
      return false;
    case 'file':
      return (field.attributes.maxFiles ?? 1) > 1 ? [] : null;
    case 'translatable':
      return Object.fromEntries(fieldLanguages(field).map((language) => [language, '']));
    case 'select':
    case 'radio':
    case 'date':
    case 'datetime':
    case 'time':
      return null;
    default:
      return '';
  }
}

function asStringList(raw: unknown): string[] {
  if (raw === null || raw === undefined || raw === '') return [];
  return (Array.isArray(raw) ? raw : [raw]).map(String);
}

/** The server's value in the shape the renderer and the payload use (see form-model.ts). */
export function normalizeValue(field: FormField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return emptyValue(field);
  if (isDateKind(field.kind)) return normalizeDateValue(field.kind, raw);
  switch (field.kind) {
    case 'multiselect':
    case 'remoteselect':
    case 'checkboxgroup':
      return asStringList(raw);
    case 'checkbox':
      return raw === true || raw === 1 || raw === '1' || raw === 'true';
    case 'select':
    case 'radio':
      return raw === '' ? null : String(raw);
    case 'translatable': {
      const given = typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
      return Object.fromEntries(fieldLanguages(field).map((language) => [language, String(given[language] ?? '')]));
    }
    case 'file':
      return raw;
    default:
      return typeof raw === 'string' ? raw : String(raw);
  }
}

export interface Visibility {
  /** Fields not shown: hidden by the model, by a toggler, or inside a hidden tab. */
  hiddenFields: Set<string>;
  /** Fields a toggler hides: their values are cleared. */
  toggledOff: Set<string>;
  hiddenTabs: Set<string>;
}

export function computeVisibility(model: FormModel, values: FieldValues): Visibility {
  const togglers = collectTogglers(model, (_tab, field) => values[field.id]);
  const visibility: Visibility = { hiddenFields: new Set(), toggledOff: new Set(), hiddenTabs: new Set() };
  for (const tab of model.tabs) {
    const tabShown = isTabShown(tab, togglers);
    if (!tabShown) visibility.hiddenTabs.add(tab.code);
    for (const field of tab.fields) {
      const shown = isFieldShown(field, togglers);
      if (!shown && field.toggleClass) visibility.toggledOff.add(field.id);
      if (!shown || !tabShown) visibility.hiddenFields.add(field.id);
    }
  }
  return visibility;
}

/** Values by field name as the shared rules read them: the field's own tab wins over the others. */
export function valuesByName(model: FormModel, values: FieldValues, tab?: FormTab): Record<string, unknown> {
  const byName: Record<string, unknown> = {};
  for (const ref of listFields(model)) if (ref.tab !== tab) byName[ref.field.name] = values[ref.field.id];
  for (const field of tab?.fields ?? []) byName[field.name] = values[field.id];
  return byName;
}

function findByName(model: FormModel, tab: FormTab, name: string): FormField | undefined {
  return tab.fields.find((field) => field.name === name) ?? listFields(model).find((ref) => ref.field.name === name)?.field;
}

/** The minimum of a date field: its own attribute and the value of the field it refers to. */
export function dateMinimum(model: FormModel, tab: FormTab, field: FormField, values: FieldValues): string | null {
  if (!isDateKind(field.kind)) return null;
  const own = normalizeDateValue(field.kind, field.attributes.minDate);
  const reference = field.attributes.dateReference;
  if (!reference) return own;
  const referenced = findByName(model, tab, reference.field);
  const referenceValue = referenced ? values[referenced.id] : null;
  return laterOf(own, referenceMinimum(field.kind, typeof referenceValue === 'string' ? referenceValue : null, reference.kind));
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Applies togglers (clearing what they hide unless kept) and date references until nothing
 * moves: a cleared toggler may hide further fields, a raised date may raise another one.
 */
export function settleValues(model: FormModel, values: FieldValues): FieldValues {
  const refs = listFields(model);
  let current = values;
  for (let round = 0; round <= refs.length; round += 1) {
    const { toggledOff } = computeVisibility(model, current);
    const next: FieldValues = { ...current };
    for (const { tab, field } of refs) {
      if (toggledOff.has(field.id) && !field.attributes.keepValueWhenHidden) next[field.id] = emptyValue(field);
      const reference = field.attributes.dateReference;
      if (reference && isDateKind(field.kind)) {
        const value = next[field.id];
        const minimum = dateMinimum(model, tab, field, next);
        next[field.id] = raiseToMinimum(field.kind, typeof value === 'string' ? value : null, minimum, reference.kind);
      }
    }
    if (refs.every(({ field }) => sameValue(next[field.id], current[field.id]))) return current;
    current = next;
  }
  return current;
}

/**
 * A ticked checkbox of an exclusive group unticks the others of its group (the user's role flags,
 * spec 3 §4: turning one on turns the other two off).
 */
export function withExclusive(model: FormModel, values: FieldValues, fieldId: string): FieldValues {
  const changed = listFields(model).find(({ field }) => field.id === fieldId)?.field;
  const group = changed?.attributes.exclusiveGroup;
  if (!changed || !group || values[fieldId] !== true) return values;
  const next = { ...values };
  for (const { field } of listFields(model)) if (field.id !== fieldId && field.attributes.exclusiveGroup === group) next[field.id] = false;
  return next;
}

export function initialValues(model: FormModel): FieldValues {
  const values: FieldValues = {};
  for (const { field } of listFields(model)) values[field.id] = normalizeValue(field, field.value);
  return settleValues(model, values);
}

/** Client errors of every shown field of the given tabs (all tabs by default). */
export function validateValues(model: FormModel, values: FieldValues, visibility: Visibility, tabs = model.tabs): FieldErrors {
  const errors: FieldErrors = {};
  for (const tab of tabs) {
    const byName = valuesByName(model, values, tab);
    for (const field of tab.fields) {
      if (visibility.hiddenFields.has(field.id)) continue;
      const message = validateField(field, values[field.id], byName);
      if (message !== null) errors[field.id] = message;
    }
  }
  return errors;
}

/** Spec payload: one `{code, form}` entry per shown tab, each form keyed by field name. */
export function buildPayload(model: FormModel, values: FieldValues, visibility: Visibility): FormPayload {
  return model.tabs
    .filter((tab) => !visibility.hiddenTabs.has(tab.code))
    .map((tab) => ({ code: tab.code, form: Object.fromEntries(tab.fields.map((field) => [field.name, values[field.id]])) }));
}

/**
 * Server errors on the fields they name (by name, id or `tabCode.name`); the rest are returned
 * so the form can still show them.
 */
export function mapServerErrors(
  model: FormModel,
  errors: readonly ValidationError[],
): { byField: FieldErrors; unmatched: ValidationError[] } {
  const byField: FieldErrors = {};
  const unmatched: ValidationError[] = [];
  const refs = listFields(model);
  for (const error of errors) {
    const ref = refs.find(
      ({ tab, field }) => field.name === error.field || field.id === error.field || `${tab.code}.${field.name}` === error.field,
    );
    if (ref) byField[ref.field.id] ??= error.message;
    else unmatched.push(error);
  }
  return { byField, unmatched };
}

/** The first field in error in display order, with its tab. */
export function firstInError(model: FormModel, errors: FieldErrors): FieldRef | undefined {
  return listFields(model).find(({ field }) => errors[field.id] !== undefined);
}
