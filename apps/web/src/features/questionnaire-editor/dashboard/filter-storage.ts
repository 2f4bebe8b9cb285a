import type { z } from 'zod';
import { DashboardFilter } from '@lea/shared';

/** A dashboard's filter schema: DashboardFilter or one with more fields (the skill dashboard's). */
export type FilterSchema = z.ZodType<DashboardFilter, unknown>;

/**
 * The dashboards' filters in session storage (spec 3 §4 and §9: key `questionnaire-dashboard` for
 * the signature dashboard), kept while the tab lives and cleared by "remove filters".
 */
export function readFilter(storageKey: string, schema: FilterSchema = DashboardFilter): DashboardFilter {
  try {
    const parsed = schema.safeParse(JSON.parse(sessionStorage.getItem(storageKey) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function writeFilter(storageKey: string, filter: DashboardFilter): void {
  if (isFiltered(filter)) sessionStorage.setItem(storageKey, JSON.stringify(filter));
  else sessionStorage.removeItem(storageKey);
}

export function clearFilter(storageKey: string): void {
  sessionStorage.removeItem(storageKey);
}

/** Whether any filter is set (empty lists and blank texts are no filter). */
export function isFiltered(filter: DashboardFilter): boolean {
  return Object.values(filter).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== ''));
}

/**
 * The filter form's payload as a filter: its `form` is a DashboardFilter once the empty choices
 * ('' for "all", empty lists) are left out.
 */
export function filterFromForm(form: Record<string, unknown>, schema: FilterSchema = DashboardFilter): DashboardFilter | null {
  const kept = Object.fromEntries(
    Object.entries(form).filter(([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
  const parsed = schema.safeParse(kept);
  return parsed.success ? parsed.data : null;
}
