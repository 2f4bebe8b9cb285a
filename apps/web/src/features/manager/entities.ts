/**
 * The back-office entities the manager's triad module edits (spec 3 §2.1, §7.1) and where their
 * server calls and screens live. The generic form page and the generic list read this table, so an
 * entity is one entry here, never a copy of the list/form/post code.
 */
export const MANAGER_ENTITIES = ['crew', 'triad', 'contract', 'triad-user', 'lea-user'] as const;
export type ManagerEntity = (typeof MANAGER_ENTITIES)[number];

export function isManagerEntity(value: unknown): value is ManagerEntity {
  return typeof value === 'string' && (MANAGER_ENTITIES as readonly string[]).includes(value);
}

/** One record of an entity: `id` null to add one; `triadId` for the entities that hang on a triad. */
export type EntityTarget = {
  courseId: number;
  alias: ManagerEntity;
  id: number | null;
  triadId: number | null;
};

type Method = 'POST' | 'PUT';

/** `/app/lea-manager/{course}`: every call of the area starts there. */
export function managerApi(courseId: number, ...segments: (string | number)[]): string {
  return [`/app/lea-manager/${courseId}`, ...segments].join('/');
}

/** `/lea-manager/{course}/…`: the area's screens. */
export function managerRoute(courseId: number, ...segments: (string | number)[]): string {
  return [`/lea-manager/${courseId}`, ...segments].join('/');
}

function requireTriad(target: EntityTarget): number {
  if (target.triadId === null) throw new Error(`${target.alias} needs a triad id`);
  return target.triadId;
}

/** GET of the server-built form (spec 3 §7.1 `…/{entity}/form[/{id}]`). */
export function formPath(target: EntityTarget): string {
  const { courseId, alias, id } = target;
  const tail = id === null ? [] : [id];
  if (alias === 'contract') return managerApi(courseId, 'contract', 'form', requireTriad(target), ...tail);
  if (alias === 'triad-user') return managerApi(courseId, 'generic', 'triad-user', 'form', requireTriad(target));
  return managerApi(courseId, alias, 'form', ...tail);
}

/** Save: POST to add, PUT with the id to edit; a secondary user is PUT on its triad. */
export function savePath(target: EntityTarget): { method: Method; path: string } {
  const { courseId, alias, id } = target;
  if (alias === 'contract') {
    const triadId = requireTriad(target);
    return id === null ? { method: 'POST', path: managerApi(courseId, 'contract', triadId) } : { method: 'PUT', path: managerApi(courseId, 'contract', triadId, id) };
  }
  if (alias === 'triad-user') return { method: 'PUT', path: managerApi(courseId, 'generic', 'triad-user', 'post', requireTriad(target)) };
  return id === null ? { method: 'POST', path: managerApi(courseId, alias, 'post') } : { method: 'PUT', path: managerApi(courseId, alias, 'post', id) };
}

/** DELETE …/{entity}/delete/{id}. */
export function deletePath(courseId: number, alias: ManagerEntity, id: number): string {
  return managerApi(courseId, alias, 'delete', id);
}

/** The screen a saved form returns to (spec 3 §4: back to the list with a success notice). */
export function listRoute(target: EntityTarget): string {
  if (target.alias === 'contract') return managerRoute(target.courseId, 'triad', 'contract', requireTriad(target));
  return managerRoute(target.courseId, 'triad');
}

/** The add and edit screens of an entity (the routes of router.tsx). */
export function addRoute(courseId: number, alias: ManagerEntity, triadId?: number): string {
  if (alias === 'contract' || alias === 'triad-user') return managerRoute(courseId, 'triad', alias, triadId ?? 0, 'add');
  return managerRoute(courseId, 'triad', alias, 'add');
}

export function editRoute(courseId: number, alias: ManagerEntity, id: number, triadId?: number): string {
  if (alias === 'contract') return managerRoute(courseId, 'triad', 'contract', triadId ?? 0, 'edit', id);
  return managerRoute(courseId, 'triad', alias, 'edit', id);
}
