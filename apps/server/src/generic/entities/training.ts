import { and, asc, count, eq } from 'drizzle-orm';
import { MESSAGES, TrainingInput, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { components, institutions, trainingCourses, trainings } from '../../db/schema/index.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { defineEntity, type AdminScope } from '../types.js';
import { trainingExchange } from './training-exchange.js';

type TrainingRecord = typeof trainings.$inferSelect;

/** The platform's institutions and their components, as the form's choices. */
async function choicesOf(db: DbOrTx, platformId: number) {
  const rows = await db
    .select({ id: institutions.id, name: institutions.name, componentId: components.id, componentName: components.name })
    .from(institutions)
    .leftJoin(components, eq(components.institutionId, institutions.id))
    .where(eq(institutions.platformId, platformId))
    .orderBy(asc(institutions.name), asc(components.name));
  const institutionChoices = new Map<number, string>();
  const componentChoices: { value: string; label: string }[] = [];
  for (const row of rows) {
    institutionChoices.set(row.id, row.name);
    if (row.componentId !== null) componentChoices.push({ value: String(row.componentId), label: `${row.name} — ${row.componentName}` });
  }
  return { institutions: [...institutionChoices].map(([id, name]) => ({ value: String(id), label: name })), components: componentChoices };
}

/** The institution must be the platform's, the component one of that institution. */
export async function checkTrainingPlace(
  db: DbOrTx,
  scope: AdminScope,
  institutionId: number,
  componentId: number | null,
): Promise<ValidationError[]> {
  const [institution] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), eq(institutions.platformId, scope.platformId)))
    .limit(1);
  if (!institution) return [{ field: 'institutionId', message: MESSAGES.choice }];
  if (componentId === null) return [];
  const [component] = await db
    .select({ id: components.id })
    .from(components)
    .where(and(eq(components.id, componentId), eq(components.institutionId, institutionId)))
    .limit(1);
  return component ? [] : [{ field: 'componentId', message: text('fr', 'adminSetup.training.componentElsewhere') }];
}

/**
 * training (admin area, spec 3 §2.3 trainings: list, add, edit, import, export; page actions add
 * test, export registrations, generate test triads): a training of the platform, given by one of
 * its institutions (and a component of it); its runs are the training courses. Never deleted while
 * it holds courses.
 */
export const trainingEntity = defineEntity<TrainingRecord, TrainingInput, 'admin'>({
  alias: 'training',
  table: trainings,
  area: 'admin',
  screen: { path: 'training' },
  titles: {
    list: 'adminSetup.training.list',
    add: 'adminSetup.training.add',
    edit: 'adminSetup.training.edit',
    back: 'adminSetup.training.back',
    import: 'adminSetup.training.import',
    update: 'adminSetup.training.update',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(trainings)
      .where(and(eq(trainings.id, id), eq(trainings.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'title', label: 'adminSetup.word.title', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'code', label: 'adminSetup.word.code', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'institution', label: 'adminSetup.word.institution', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'component', label: 'adminSetup.word.component', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'courseCount', label: 'adminSetup.training.courses', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({
          id: trainings.id,
          title: trainings.title,
          code: trainings.code,
          institution: institutions.name,
          component: components.name,
          courseCount: count(trainingCourses.id),
        })
        .from(trainings)
        .innerJoin(institutions, eq(institutions.id, trainings.institutionId))
        .leftJoin(components, eq(components.id, trainings.componentId))
        .leftJoin(trainingCourses, eq(trainingCourses.trainingId, trainings.id))
        .where(eq(trainings.platformId, scope.platformId))
        .groupBy(trainings.id, institutions.name, components.name)
        .orderBy(asc(trainings.title), asc(trainings.id));
      return rows.map((row) => {
        const courseCount = Number(row.courseCount);
        return {
          ...row,
          courseCount,
          canRemove: courseCount === 0,
          removeReason: courseCount === 0 ? null : text(scope.locale, 'adminSetup.training.inUse', { total: courseCount }),
        };
      });
    },
  },
  async form(db, scope, { record }) {
    const choices = await choicesOf(db, scope.platformId);
    return buildFormModel(
      'training',
      scope.locale,
      [
        {
          code: 'training',
          label: 'adminSetup.training.tab',
          fields: [
            { name: 'title', kind: 'text', label: 'adminSetup.word.title', required: true },
            { name: 'code', kind: 'text', label: 'adminSetup.word.code' },
            { name: 'institutionId', kind: 'select', label: 'adminSetup.word.institution', required: true, choices: choices.institutions },
            { name: 'componentId', kind: 'select', label: 'adminSetup.word.component', choices: choices.components },
          ],
        },
      ],
      record
        ? {
            title: record.title,
            code: record.code,
            institutionId: String(record.institutionId),
            componentId: record.componentId === null ? null : String(record.componentId),
          }
        : null,
    );
  },
  input: TrainingInput,
  check: (db, scope, input) => checkTrainingPlace(db, scope, input.institutionId, input.componentId),
  async save(tx, scope, input, { record }) {
    if (record) {
      await tx.update(trainings).set(input).where(eq(trainings.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(trainings)
      .values({ ...input, platformId: scope.platformId })
      .returning({ id: trainings.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, record.id)).for('update');
    const [row] = await tx.select({ total: count() }).from(trainingCourses).where(eq(trainingCourses.trainingId, record.id));
    const total = Number(row?.total ?? 0);
    if (total > 0) return { refused: textRef('adminSetup.training.inUse', { total }) };
    await tx.delete(trainings).where(eq(trainings.id, record.id));
    return { warnings: [] };
  },
  exchange: trainingExchange,
  // Served by features/admin-training (spec 3 §2.3 trainings list: add test, export registrations, generate test triads).
  pageActions: [
    {
      key: 'generate-training-test',
      label: 'adminTraining.action.testTraining',
      kind: 'call',
      path: 'training/generate-training-test',
      confirm: 'adminTraining.action.testTrainingConfirm',
    },
    {
      key: 'generate-triad-test',
      label: 'adminTraining.action.testTriads',
      kind: 'call',
      path: 'training/generate-triad-test',
      choice: { query: 'trainingCourse', label: 'adminTraining.action.course', path: 'training/course-choices' },
    },
    {
      key: 'export-registrations',
      label: 'adminTraining.action.exportRegistrations',
      kind: 'download',
      path: 'training/export-registrations',
    },
  ],
  messages: { saved: 'adminSetup.training.saved', removed: 'adminSetup.training.removed' },
});
