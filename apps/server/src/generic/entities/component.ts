import { and, asc, count, eq } from 'drizzle-orm';
import { ComponentInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { components, institutions, trainings } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity } from '../types.js';

type ComponentRecord = typeof components.$inferSelect;

/** The institution, only when it is the administrator's platform's (another platform's is a 404). */
export async function findInstitution(db: DbOrTx, platformId: number, institutionId: number) {
  const [row] = await db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), eq(institutions.platformId, platformId)))
    .limit(1);
  return row ?? null;
}

/**
 * component (admin area, spec 3 §2.3 "institutions, each with its components", §3 Institution):
 * a component of an institution of the administrator's platform, listed under it
 * (`institutions/component/{institution}`). Never deleted while a training names it.
 */
export const componentEntity = defineEntity<ComponentRecord, ComponentInput, 'admin'>({
  alias: 'component',
  table: components,
  area: 'admin',
  screen: { path: 'institutions/component', back: 'institutions' },
  titles: {
    list: 'adminSetup.component.list',
    add: 'adminSetup.component.add',
    edit: 'adminSetup.component.edit',
    back: 'adminSetup.component.back',
  },
  parent: {
    alias: 'institution',
    async check(db, scope, institutionId) {
      if (!(await findInstitution(db, scope.platformId, institutionId))) throw notFound(textRef('backOffice.recordNotFound'));
    },
  },
  parentIdOf: (record) => record.institutionId,
  async find(db, scope, id) {
    const [row] = await db
      .select({ component: components })
      .from(components)
      .innerJoin(institutions, eq(institutions.id, components.institutionId))
      .where(and(eq(components.id, id), eq(institutions.platformId, scope.platformId)))
      .limit(1);
    return row?.component ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'backOffice.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'code', label: 'adminSetup.word.code', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'trainingCount', label: 'backOffice.institution.trainings', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope, institutionId) {
      const rows = await db
        .select({ id: components.id, name: components.name, code: components.code, trainingCount: count(trainings.id) })
        .from(components)
        .leftJoin(trainings, eq(trainings.componentId, components.id))
        .where(eq(components.institutionId, institutionId!))
        .groupBy(components.id)
        .orderBy(asc(components.name), asc(components.id));
      return rows.map((row) => ({
        ...row,
        trainingCount: Number(row.trainingCount),
        canRemove: Number(row.trainingCount) === 0,
        removeReason:
          Number(row.trainingCount) === 0 ? null : text(scope.locale, 'adminSetup.component.inUse', { total: Number(row.trainingCount) }),
      }));
    },
    async subtitle(db, scope, institutionId) {
      return (await findInstitution(db, scope.platformId, institutionId))?.name ?? null;
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'component',
      scope.locale,
      [
        {
          code: 'component',
          label: 'adminSetup.component.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'backOffice.word.name', required: true },
            { name: 'code', kind: 'text', label: 'adminSetup.word.code' },
          ],
        },
      ],
      record,
    );
  },
  input: ComponentInput,
  async save(tx, _scope, input, { record, parentId }) {
    if (record) {
      await tx.update(components).set(input).where(eq(components.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(components)
      .values({ ...input, institutionId: parentId! })
      .returning({ id: components.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.select({ id: components.id }).from(components).where(eq(components.id, record.id)).for('update');
    const [row] = await tx.select({ total: count() }).from(trainings).where(eq(trainings.componentId, record.id));
    const total = Number(row?.total ?? 0);
    if (total > 0) return { refused: textRef('adminSetup.component.inUse', { total }) };
    await tx.delete(components).where(eq(components.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'adminSetup.component.saved', removed: 'adminSetup.component.removed' },
});
