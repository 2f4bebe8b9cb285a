import { createContext, useContext } from 'react';

/**
 * The back office a screen belongs to: one course's manager area, the manager's screens across his
 * courses (the shared documents), or the platform's admin area.
 */
export type BackOfficeArea = { kind: 'manager'; courseId: number } | { kind: 'shared' } | { kind: 'admin' };

/** Where the area's calls start (spec 3 §7.1, §7.2). */
export const apiBase = (area: BackOfficeArea): string =>
  area.kind === 'manager' ? `/app/lea-manager/${area.courseId}` : area.kind === 'shared' ? '/app/lea-manager' : '/app/admin';

/** Where the area's screens live (spec 3 §2.1, §2.3). */
export const screenBase = (area: BackOfficeArea): string =>
  area.kind === 'manager' ? `/lea-manager/${area.courseId}` : area.kind === 'shared' ? '/lea-manager' : '/admin';

/**
 * The area's query keys start here, so that a save refreshes every screen of the area (the triad cards too);
 * a shared document's save refreshes every course's screens too (the course's documents list it).
 */
export const areaKey = (area: BackOfficeArea): readonly unknown[] =>
  area.kind === 'manager' ? ['manager', area.courseId] : area.kind === 'shared' ? ['manager'] : ['admin'];

/** Set by the area's layout for the generic pages below it. */
export const BackOfficeAreaContext = createContext<BackOfficeArea | null>(null);

export function useBackOfficeArea(): BackOfficeArea {
  const area = useContext(BackOfficeAreaContext);
  if (!area) throw new Error('a back-office page outside a back-office layout');
  return area;
}
