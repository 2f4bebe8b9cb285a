import { and, asc, count, eq } from 'drizzle-orm';
import { InstitutionInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { components, institutions, trainings } from '../../db/schema/index.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel, type FieldSpec } from '../form-builder.js';
import { defineEntity } from '../types.js';

type InstitutionRecord = typeof institutions.$inferSelect;

const FIELDS: FieldSpec[] = [
  { name: 'name', kind: 'text', label: 'backOffice.word.name', required: true },
  { name: 'code', kind: 'text', label: 'adminSetup.word.code' },
  { name: 'address', kind: 'text', label: 'backOffice.word.address' },
  { name: 'postCode', kind: 'text', label: 'backOffice.word.postCode' },
  { name: 'city', kind: 'text', label: 'backOffice.word.city' },
  { name: 'siret', kind: 'text', label: 'backOffice.word.siret' },
];

/** Each institution's components, by name (the list groups them under their institution, spec 3 §2.3). */
async function componentNames(db: DbOrTx, platformId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ institutionId: components.institutionId, name: components.name })
    .from(components)
    .innerJoin(institutions, eq(institutions.id, components.institutionId))
    .where(eq(institutions.platformId, platformId))
    .orderBy(asc(components.name), asc(components.id));
  const names = new Map<number, string[]>();
  for (const row of rows) names.set(row.institutionId, [...(names.get(row.institutionId) ?? []), row.name]);
  return names;
}

async function trainingCounts(db: DbOrTx, platformId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: trainings.institutionId, total: count() })
    .from(trainings)
    .where(eq(trainings.platformId, platformId))
    .groupBy(trainings.institutionId);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

/**
 * institution (admin area, spec 3 §2.3, §3): a training institution of the administrator's
 * platform; another platform's is a 404. Never deleted while a training belongs to it.
 */
export const institutionEntity = defineEntity<InstitutionRecord, InstitutionInput, 'admin'>({
  alias: 'institution',
  table: institutions,
  area: 'admin',
  screen: { path: 'institutions' },
  titles: {
    list: 'backOffice.institution.list',
    add: 'backOffice.institution.add',
    edit: 'backOffice.institution.edit',
    back: 'backOffice.institution.back',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(institutions)
      .where(and(eq(institutions.id, id), eq(institutions.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'backOffice.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'code', label: 'adminSetup.word.code', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'components', label: 'adminSetup.component.list', filterable: true, sortable: false, format: 'text', hidden: false },
      { key: 'city', label: 'backOffice.word.city', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'siret', label: 'backOffice.word.siret', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'trainingCount', label: 'backOffice.institution.trainings', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const [rows, counts, names] = await Promise.all([
        db
          .select()
          .from(institutions)
          .where(eq(institutions.platformId, scope.platformId))
          .orderBy(asc(institutions.name), asc(institutions.id)),
        trainingCounts(db, scope.platformId),
        componentNames(db, scope.platformId),
      ]);
      return rows.map((row) => {
        const trainingCount = counts.get(row.id) ?? 0;
        return {
          id: row.id,
          name: row.name,
          code: row.code,
          components: (names.get(row.id) ?? []).join(', '),
          city: row.city,
          siret: row.siret,
          trainingCount,
          canRemove: trainingCount === 0,
          removeReason: trainingCount === 0 ? null : text(scope.locale, 'backOffice.institution.inUse', { total: trainingCount }),
        };
      });
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'institution',
      scope.locale,
      [{ code: 'institution', label: 'backOffice.institution.tab', fields: FIELDS }],
      record,
    );
  },
  input: InstitutionInput,
  async save(tx, scope, input, { record }) {
    if (record) {
      await tx.update(institutions).set(input).where(eq(institutions.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(institutions)
      .values({ ...input, platformId: scope.platformId })
      .returning({ id: institutions.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    // Locked: no training can take it between the count and the delete.
    await tx.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, record.id)).for('update');
    const [row] = await tx.select({ total: count() }).from(trainings).where(eq(trainings.institutionId, record.id));
    const total = Number(row?.total ?? 0);
    if (total > 0) return { refused: textRef('backOffice.institution.inUse', { total }) };
    await tx.delete(institutions).where(eq(institutions.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'backOffice.institution.saved', removed: 'backOffice.institution.removed' },
});
