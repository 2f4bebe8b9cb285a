import { and, asc, eq } from 'drizzle-orm';
import { AdminModuleInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { modules } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { catalogueName, ensurePlatformModules } from '../../services/course-modules.js';
import { textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';

type ModuleRecord = typeof modules.$inferSelect;

async function findModule(db: DbOrTx, platformId: number, id: number): Promise<ModuleRecord | null> {
  const [row] = await db
    .select()
    .from(modules)
    .where(and(eq(modules.id, id), eq(modules.platformId, platformId)))
    .limit(1);
  return row ?? null;
}

/**
 * module (admin area, spec 3 §2.3 `modules`, §3 Module, §7.2): the platform's module catalogue,
 * one row per code of the product (decision 028). The administrators rename a module, change its
 * icon, switch it off for every course of the platform (red dot) and reorder it by drag
 * (`PUT module/sort/{id}/{index}`); codes are never added nor deleted. Also served at the spec's
 * `GET /app/admin/module` and `PUT /app/admin/module/{id}`.
 */
export const moduleEntity = defineEntity<ModuleRecord, AdminModuleInput, 'admin'>({
  alias: 'module',
  table: modules,
  area: 'admin',
  screen: { path: 'modules' },
  titles: {
    list: 'courseModules.module.list',
    add: 'courseModules.module.add',
    edit: 'courseModules.module.edit',
    back: 'courseModules.module.back',
  },
  paths: [
    { method: 'GET', path: 'module', action: 'list' },
    { method: 'PUT', path: 'module/:id', action: 'save' },
  ],
  add: false,
  find: (db, scope, id) => findModule(db, scope.platformId, id),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'enabled', label: 'courseModules.word.enabled', filterable: false, sortable: true, format: 'state', hidden: false },
      { key: 'name', label: 'courseModules.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'code', label: 'courseModules.word.code', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'icon', label: 'courseModules.word.icon', filterable: false, sortable: false, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      // The catalogue is completed on read, so that a new platform or a new code shows at once.
      await ensurePlatformModules(db, scope.platformId);
      const rows = await db
        .select()
        .from(modules)
        .where(eq(modules.platformId, scope.platformId))
        .orderBy(asc(modules.position), asc(modules.id));
      return rows.map((row) => ({
        id: row.id,
        enabled: row.enabled,
        name: row.name ?? catalogueName(scope.locale, row.code),
        code: row.code,
        icon: row.icon,
      }));
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'module',
      scope.locale,
      [
        {
          code: 'module',
          label: 'courseModules.module.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'courseModules.word.name', help: 'courseModules.word.nameHelp' },
            { name: 'icon', kind: 'text', label: 'courseModules.word.icon', required: true },
            { name: 'enabled', kind: 'checkbox', label: 'courseModules.word.enabled', initial: true },
          ],
        },
      ],
      record,
    );
  },
  input: AdminModuleInput,
  async save(tx, _scope, input, { record }) {
    // `add: false`: the engine resolves a record before any save.
    if (!record) throw notFound(textRef('backOffice.recordNotFound'));
    await tx.update(modules).set(input).where(eq(modules.id, record.id));
    return record.id;
  },
  // Every course's menu is made of the platform's catalogue (services/course-modules, triadMenu).
  caches: () => [{ topic: 'courseMenu', key: null }],
  position: { column: modules.position, id: modules.id, siblings: (record) => eq(modules.platformId, record.platformId) },
  messages: { saved: 'courseModules.module.saved' },
});
