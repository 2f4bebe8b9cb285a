import type { FormModel, FormPayload } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { logBackOfficeWrite } from '../services/history.js';
import type { Scope } from './types.js';

/**
 * History line of a back-office write, in the write's transaction: every save, delete, sort,
 * move, copy, import and manager action, with the caller (and the impersonator), the address, the
 * browser and the course.
 */
export async function auditWrite(
  db: DbOrTx,
  scope: Scope,
  entry: { action: string; entity: string; entityId: number; details?: Record<string, unknown> },
): Promise<void> {
  const details = { ...(scope.area === 'manager' ? { trainingCourseId: scope.course.id } : {}), ...entry.details };
  await logBackOfficeWrite(db, scope.caller, scope, { ...entry, details });
}

/** Empty, absent and numeric values compare as the web renderer posts them ('' = null, 5 = '5'). */
const comparable = (value: unknown): string => {
  if (value === undefined || value === '') return 'null';
  if (Array.isArray(value)) return JSON.stringify(value.map(String));
  return JSON.stringify(typeof value === 'number' ? String(value) : value);
};

/**
 * The names of the fields a save changed: the posted values that differ from the ones the served
 * form held. Names only: values (passwords, addresses, phones) never reach the log.
 */
export function changedFields(model: FormModel, payload: FormPayload): string[] {
  const names: string[] = [];
  for (const tab of model.tabs) {
    const form = payload.find((entry) => entry.code === tab.code)?.form ?? {};
    for (const field of tab.fields) {
      if (field.disabled || !(field.name in form)) continue;
      if (comparable(form[field.name]) !== comparable(field.value)) names.push(field.name);
    }
  }
  return names;
}
