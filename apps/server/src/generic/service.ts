import { asc, sql } from 'drizzle-orm';
import {
  type BackOfficeListResponse,
  type FieldChoice,
  type FormModel,
  type FormPayload,
  type GenericActionResponse,
  type GenericListQuery,
  type GenericSaveResponse,
  type ValidationError,
} from '@lea/shared';
import type { Db, DbOrTx } from '../db/client.js';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { searchText } from '../services/triad-membership.js';
import { text, textRef } from '../texts/index.js';
import { auditWrite, changedFields } from './audit.js';
import { CANNOT_REMOVE, done, invalid, refused, saved } from './envelopes.js';
import { readPayload } from './payload.js';
import { localize } from './text.js';
import type { EntityDeclaration, FormTarget, Scope } from './types.js';
import type { CacheBus } from '../services/shared-cache.js';

type Entity = EntityDeclaration;
type Record = { id: number };

/** Thrown by a declaration's save inside its transaction: the transaction rolls back, the fields get the messages. */
export class FieldErrors extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('field errors');
  }
}

/** Tells the shared caches that the entity declares what a write of `record` changed (in the write's transaction). */
async function tellCaches(cache: CacheBus | undefined, tx: DbOrTx, scope: Scope, entity: Entity, record: Record | null): Promise<void> {
  if (!cache || !entity.caches) return;
  for (const change of entity.caches(scope, record)) await cache.changed(change.topic, change.key, tx);
}

export function unavailable(entity: Entity, action: string): never {
  throw notFound(textRef('backOffice.actionUnavailable', { action, alias: entity.alias }));
}

const parentMissing = (entity: Entity) =>
  notFound(textRef('backOffice.parentMissing', { parent: entity.parent?.alias ?? '', alias: entity.alias }));

export async function recordOf(db: DbOrTx, scope: Scope, entity: Entity, id: number): Promise<Record> {
  const record = await entity.find(db, scope, id);
  if (!record) throw notFound(textRef('backOffice.recordNotFound'));
  return record;
}

type Query = Readonly<globalThis.Record<string, string>>;
/** Which record a form or a save is about: by id (and parent), or the one record of a singleton's scope. */
export type RecordIds = { id: number | null; parentId: number | null; query?: Query } | { one: true; query?: Query };

/**
 * The record and parent a form or a save is about. Entities with a parent need it to add a record;
 * an edited record keeps its own parent, and a parent id that is not the record's is a 404.
 */
export async function resolveTarget(db: DbOrTx, scope: Scope, entity: Entity, ids: RecordIds): Promise<FormTarget<Record>> {
  const query = ids.query ?? {};
  // A singleton is reached only as the scope's one record, an id-shaped call on it is a 404.
  if ('one' in ids) {
    if (!entity.singleton) unavailable(entity, 'unique');
    return { record: await entity.singleton.one(db, scope), parentId: null, query };
  }
  if (entity.singleton) unavailable(entity, 'form');
  if (ids.id !== null) {
    const record = await recordOf(db, scope, entity, ids.id);
    const parentId = entity.parentIdOf ? entity.parentIdOf(record) : null;
    if (ids.parentId !== null && ids.parentId !== parentId) throw notFound(textRef('backOffice.recordNotFound'));
    return { record, parentId, query };
  }
  if (entity.add === false) unavailable(entity, 'add');
  if (entity.parent) {
    if (ids.parentId === null) throw parentMissing(entity);
    await entity.parent.check(db, scope, ids.parentId);
  } else if (ids.parentId !== null) {
    unavailable(entity, 'parent');
  }
  return { record: null, parentId: ids.parentId, query };
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return normalise(String(a ?? '')).localeCompare(normalise(String(b ?? '')));
}

/**
 * GET …/{entity}/list[/{parent}]: the entity's rows, then the spec's search (filterable columns,
 * from 2 characters), sort (`sortByField` = column index; without it the entity's own order, its
 * position for sortable ones) and paging (limit/offset); `count` is before paging. Entities under a
 * parent may name it in a `subtitle`.
 */
export async function listEntity(
  db: Db,
  scope: Scope,
  entity: Entity,
  parentId: number | null,
  query: GenericListQuery,
  sortAsked: boolean,
): Promise<BackOfficeListResponse> {
  if (!entity.list) unavailable(entity, 'list');
  if (entity.parent) {
    if (parentId === null) throw parentMissing(entity);
    await entity.parent.check(db, scope, parentId);
  }
  const columns = entity.list.columns.map((column) => ({ ...column, label: localize(column.label, scope) }));
  const sortColumn = sortAsked ? columns[query.sortByField] : undefined;
  if (entity.list.page) {
    const sort = sortColumn?.sortable ? { key: sortColumn.key, descending: query.sortOrder.toUpperCase() === 'DESC' } : null;
    const filters = filtersOf(query.filter);
    const { limit, offset } = query;
    const found = await entity.list.page(db, scope, { search: searchText(query.search), sort, filters, limit, offset });
    return { columns, data: found.rows, count: found.count };
  }
  if (!entity.list.rows) unavailable(entity, 'list');
  let rows = await entity.list.rows(db, scope, parentId, query);
  const tabs = entity.list.tabs;
  if (tabs) {
    const asked = filtersOf(query.filter)[tabs.key];
    const tab = tabs.options.some((option) => option.value === asked) ? asked : tabs.initial;
    rows = rows.filter((row) => String(row[tabs.key]) === tab);
  }
  const search = searchText(query.search);
  if (search !== null) {
    const wanted = normalise(search);
    const keys = columns.filter((column) => column.filterable).map((column) => column.key);
    rows = rows.filter((row) => keys.some((key) => normalise(String(row[key] ?? '')).includes(wanted)));
  }
  if (sortColumn) {
    const direction = query.sortOrder.toUpperCase() === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => direction * compareCells(a[sortColumn.key], b[sortColumn.key]));
  }
  const page = { columns, data: rows.slice(query.offset, query.offset + query.limit), count: rows.length };
  return entity.list.subtitle && parentId !== null ? { ...page, subtitle: await entity.list.subtitle(db, scope, parentId) } : page;
}

/** The search modal's filters, `filter=key:value` (repeated): the first value of each key. */
function filtersOf(filter: readonly string[] | undefined): globalThis.Record<string, string> {
  const filters: globalThis.Record<string, string> = {};
  for (const entry of filter ?? []) {
    const at = entry.indexOf(':');
    const key = entry.slice(0, at);
    if (at > 0 && !(key in filters)) filters[key] = entry.slice(at + 1);
  }
  return filters;
}

export async function entityForm(db: Db, scope: Scope, entity: Entity, ids: RecordIds): Promise<FormModel> {
  return entity.form(db, scope, await resolveTarget(db, scope, entity, ids));
}

/**
 * POST (new) and PUT (edit) of a form: the payload is read against the model served for the same
 * record, then the entity's own checks; any error answers `hasError` with every field message and
 * writes nothing. The save and its history line (with the names of the fields it changed) commit
 * together.
 */
export async function saveEntity(
  ctx: AppContext,
  scope: Scope,
  entity: Entity,
  ids: RecordIds,
  payload: FormPayload,
): Promise<GenericSaveResponse> {
  const { db } = ctx;
  const target = await resolveTarget(db, scope, entity, ids);
  const model = await entity.form(db, scope, target);
  const read = readPayload(model, payload, entity.input, { keepAbsentTabs: entity.singleton?.partial === true });
  if (!read.ok) return invalid(read.errors, scope.locale);
  const problems = entity.check ? await entity.check(db, scope, read.input, target) : [];
  if (problems.length > 0) return invalid(problems, scope.locale);
  try {
    const id = await db.transaction(async (tx) => {
      const savedId = await entity.save(tx, scope, read.input, target, ctx);
      await tellCaches(ctx.cache, tx, scope, entity, target.record ?? null);
      const details = { fields: changedFields(model, payload) };
      await auditWrite(tx, scope, {
        action: `${entity.alias}.${target.record ? 'edit' : 'add'}`,
        entity: entity.alias,
        entityId: savedId,
        details,
      });
      return savedId;
    });
    // Mails a save queued (the link of an e-mail change) leave once it has committed.
    while ((await ctx.mailer.deliverQueued()) > 0);
    return saved(id, localize(entity.messages.saved, scope));
  } catch (error) {
    if (error instanceof FieldErrors) return invalid(error.errors, scope.locale);
    throw error;
  }
}

export async function removeEntity(db: Db, scope: Scope, entity: Entity, id: number, cache?: CacheBus): Promise<GenericActionResponse> {
  const remove = entity.remove;
  if (!remove) unavailable(entity, 'delete');
  const record = await recordOf(db, scope, entity, id);
  const outcome = await db.transaction(async (tx) => {
    const result = await remove.call(entity, tx, scope, record);
    if (!('refused' in result)) {
      await auditWrite(tx, scope, { action: `${entity.alias}.delete`, entity: entity.alias, entityId: id });
      await tellCaches(cache, tx, scope, entity, record);
    }
    return result;
  });
  if ('refused' in outcome) return refused(outcome.refused === CANNOT_REMOVE ? CANNOT_REMOVE : localize(outcome.refused, scope));
  return done(localize(entity.messages.removed ?? 'backOffice.removed', scope), { warnings: outcome.warnings });
}

/**
 * PUT …/sort/{id}/{index}: moves the record to `index` among its siblings (0 first, clamped) and
 * renumbers them 0…n-1 in one statement; the siblings are locked for the time of it.
 */
export async function sortEntity(
  db: Db,
  scope: Scope,
  entity: Entity,
  id: number,
  index: number,
  cache?: CacheBus,
): Promise<GenericActionResponse> {
  const position = entity.position;
  if (!position) unavailable(entity, 'sort');
  const record = await recordOf(db, scope, entity, id);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: position.id })
      .from(entity.table)
      .where(position.siblings(record))
      .orderBy(asc(position.column), asc(position.id))
      .for('update');
    const ids = rows.map((row) => Number(row.id)).filter((rowId) => rowId !== id);
    ids.splice(Math.min(index, ids.length), 0, id);
    const cases = sql.join(
      ids.map((rowId, at) => sql`when ${rowId} then ${at}::integer`),
      sql` `,
    );
    const idName = sql.identifier(position.id.name);
    await tx.execute(
      sql`update ${entity.table} set ${sql.identifier(position.column.name)} = case ${idName} ${cases} end where ${idName} in (${sql.join(
        ids.map((rowId) => sql`${rowId}`),
        sql`, `,
      )})`,
    );
    await auditWrite(tx, scope, { action: `${entity.alias}.sort`, entity: entity.alias, entityId: id, details: { index } });
    await tellCaches(cache, tx, scope, entity, record);
  });
  return done(text(scope.locale, 'backOffice.sorted'));
}

export async function moveEntity(
  db: Db,
  scope: Scope,
  entity: Entity,
  id: number,
  targetId: number | null,
  cache?: CacheBus,
): Promise<GenericActionResponse> {
  const move = entity.move;
  if (!move) unavailable(entity, 'move');
  const record = await recordOf(db, scope, entity, id);
  await db.transaction(async (tx) => {
    await move.call(entity, tx, scope, record, targetId);
    await auditWrite(tx, scope, { action: `${entity.alias}.move`, entity: entity.alias, entityId: id, details: { target: targetId } });
    await tellCaches(cache, tx, scope, entity, record);
  });
  return done(text(scope.locale, 'backOffice.moved'));
}

export async function copyEntity(db: Db, scope: Scope, entity: Entity, id: number, cache?: CacheBus): Promise<GenericActionResponse> {
  const copy = entity.copy;
  if (!copy) unavailable(entity, 'copy');
  const record = await recordOf(db, scope, entity, id);
  const copyId = await db.transaction(async (tx) => {
    const newId = await copy.call(entity, tx, scope, record);
    await auditWrite(tx, scope, { action: `${entity.alias}.copy`, entity: entity.alias, entityId: newId, details: { from: id } });
    await tellCaches(cache, tx, scope, entity, record);
    return newId;
  });
  return done(text(scope.locale, 'backOffice.copied'), { id: copyId });
}

/** GET …/{entity}/search/{text}: remote-select choices, from 2 characters on (spec 1 §5.3). */
export async function searchEntity(db: Db, scope: Scope, entity: Entity, text: string): Promise<FieldChoice[]> {
  if (!entity.search) unavailable(entity, 'search');
  const search = searchText(text);
  return search === null ? [] : entity.search(db, scope, search);
}
