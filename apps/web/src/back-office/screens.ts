import type { EntityDescription } from '@lea/shared';
import { screenBase, type BackOfficeArea } from './area';

export type ScreenView = 'list' | 'add' | 'edit' | 'import' | 'update' | 'singleton';

/** What a path under the area's base shows: an entity's list, form or import screen. */
export type ScreenMatch = { entity: EntityDescription; view: ScreenView; id: number | null; parentId: number | null };

function positiveId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 && value <= 2_147_483_647 ? value : null;
}

function viewOf(entity: EntityDescription, rest: string[]): { view: ScreenView; id: number | null } | null {
  const [first, second, ...more] = rest;
  if (more.length > 0) return null;
  // A singleton's one record: `{screen}/edit` (spec 3 §2.3 `data-agreement/edit`), or its bare path.
  if (entity.can.singleton)
    return (first === undefined || first === 'edit') && second === undefined ? { view: 'singleton', id: null } : null;
  if ((first === undefined || first === 'list') && second === undefined) return entity.can.list ? { view: 'list', id: null } : null;
  if (first === 'add' && second === undefined) return entity.can.add ? { view: 'add', id: null } : null;
  if (first === 'edit') {
    const id = positiveId(second);
    return id !== null && entity.can.edit ? { view: 'edit', id } : null;
  }
  if (first === 'import' && second === undefined) return entity.can.import ? { view: 'import', id: null } : null;
  if (first === 'update' && second === undefined) return entity.can.import && entity.can.export ? { view: 'update', id: null } : null;
  return null;
}

/**
 * The screen of a path (without the area's base): `{screen}[/{parent}]`, `…/list`, `…/add`,
 * `…/edit/{id}`, `…/import`, `…/update` (a singleton: `{screen}[/edit]`) of the entity whose screen path it starts with (the
 * longest first), when the entity can do it; null otherwise (a 404).
 */
export function matchScreen(entities: readonly EntityDescription[], path: string): ScreenMatch | null {
  const segments = path.split('/').filter(Boolean);
  const byLength = [...entities].sort((a, b) => b.screen.path.length - a.screen.path.length);
  for (const entity of byLength) {
    const prefix = entity.screen.path.split('/');
    if (prefix.some((segment, index) => segments[index] !== segment)) continue;
    let rest = segments.slice(prefix.length);
    let parentId: number | null = null;
    if (entity.parent) {
      parentId = positiveId(rest[0]);
      if (parentId === null) continue;
      rest = rest.slice(1);
    }
    const found = viewOf(entity, rest);
    if (found) return { entity, parentId, ...found };
  }
  return null;
}

/** A screen of an entity: `{base}/{screen}[/{parent}]/{…tail}`. */
export function screenPath(area: BackOfficeArea, entity: EntityDescription, parentId: number | null, ...tail: (string | number)[]): string {
  return [screenBase(area), entity.screen.path, ...(entity.parent && parentId !== null ? [parentId] : []), ...tail].join('/');
}

/** Where the menu and the home lead to: its list, or the form of a singleton's one record. */
export function entryPath(area: BackOfficeArea, entity: EntityDescription): string {
  return entity.can.singleton ? screenPath(area, entity, null, 'edit') : screenPath(area, entity, null);
}

/** Where its saved forms and imports return: the feature page that lists its records, else its own list. */
export function returnPath(area: BackOfficeArea, entity: EntityDescription, parentId: number | null): string {
  return entity.screen.back ? `${screenBase(area)}/${entity.screen.back}` : screenPath(area, entity, parentId);
}
