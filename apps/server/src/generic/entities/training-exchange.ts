import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { components, institutions, trainings } from '../../db/schema/index.js';
import { textRef, type TextRef } from '../../texts/index.js';
import { COUNT_SLOT } from '../text.js';
import type { AdminScope, ExchangeColumn, ExchangeDeclaration, ImportLine, ImportProblem, ImportResult } from '../types.js';

/** A training as its file holds it: names of its institution and component rather than ids. */
type TrainingLine = { id: number; title: string; code: string | null; institution: string; component: string | null };

const key = (name: string) => name.trim().toLowerCase();

function parseId(cell: string): { value: number } | TextRef {
  return /^\d{1,9}$/.test(cell) ? { value: Number(cell) } : textRef('backOffice.import.badId');
}

const columns = (update: boolean): ExchangeColumn<TrainingLine>[] => [
  ...(update
    ? [{ key: 'id', header: 'backOffice.import.id' as const, required: true, parse: parseId, value: (line: TrainingLine) => line.id }]
    : []),
  { key: 'title', header: 'adminSetup.word.title', required: true, value: (line) => line.title, example: 'BTS SIO', width: 36 },
  { key: 'code', header: 'adminSetup.word.code', value: (line) => line.code, example: 'SIO', width: 14 },
  {
    key: 'institution',
    header: 'adminSetup.word.institution',
    required: true,
    value: (line) => line.institution,
    example: 'Lycée Condorcet',
    width: 32,
  },
  { key: 'component', header: 'adminSetup.word.component', value: (line) => line.component, width: 28 },
];

async function exportRecords(db: Db, scope: AdminScope): Promise<TrainingLine[]> {
  return db
    .select({ id: trainings.id, title: trainings.title, code: trainings.code, institution: institutions.name, component: components.name })
    .from(trainings)
    .innerJoin(institutions, eq(institutions.id, trainings.institutionId))
    .leftJoin(components, eq(components.id, trainings.componentId))
    .where(eq(trainings.platformId, scope.platformId))
    .orderBy(asc(trainings.title), asc(trainings.id));
}

/**
 * Creates a training per line (or, with an update file, changes the trainings of its ids): the
 * institution and component are named, and must be the platform's; an unknown one is that line's
 * error and the whole file is refused.
 */
async function applyTrainings(tx: Tx, scope: AdminScope, lines: ImportLine[], update: boolean): Promise<ImportResult> {
  const places = await tx
    .select({ id: institutions.id, name: institutions.name, componentId: components.id, componentName: components.name })
    .from(institutions)
    .leftJoin(components, eq(components.institutionId, institutions.id))
    .where(eq(institutions.platformId, scope.platformId));
  const institutionIds = new Map(places.map((place) => [key(place.name), place.id]));
  const componentIds = new Map(
    places
      .filter((place) => place.componentId !== null)
      .map((place) => [`${place.id}:${key(place.componentName ?? '')}`, place.componentId!]),
  );
  const ids = update ? lines.map((line) => Number(line.values.id)) : [];
  const known = new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: trainings.id })
            .from(trainings)
            .where(and(eq(trainings.platformId, scope.platformId), inArray(trainings.id, ids)))
        ).map((row) => row.id),
  );
  const errors: ImportProblem[] = [];
  const rows: { id: number | null; values: Omit<typeof trainings.$inferInsert, 'platformId'> }[] = [];
  for (const line of lines) {
    const institutionId = institutionIds.get(key(String(line.values.institution)));
    if (institutionId === undefined) {
      errors.push({ line: line.line, column: 'institution', message: textRef('adminSetup.training.unknownInstitution') });
      continue;
    }
    const componentName = line.values.component ? String(line.values.component) : null;
    const componentId = componentName === null ? null : (componentIds.get(`${institutionId}:${key(componentName)}`) ?? undefined);
    if (componentId === undefined) {
      errors.push({ line: line.line, column: 'component', message: textRef('adminSetup.training.unknownComponent') });
      continue;
    }
    const id = update ? Number(line.values.id) : null;
    if (id !== null && !known.has(id)) {
      errors.push({ line: line.line, column: 'id', message: textRef('adminSetup.training.unknown') });
      continue;
    }
    const code = line.values.code ? String(line.values.code).slice(0, 50) : null;
    rows.push({ id, values: { title: String(line.values.title).slice(0, 255), code, institutionId, componentId } });
  }
  if (errors.length > 0) return { created: 0, updated: 0, errors };
  for (const row of rows) {
    if (row.id === null) await tx.insert(trainings).values({ ...row.values, platformId: scope.platformId });
    else await tx.update(trainings).set(row.values).where(eq(trainings.id, row.id));
  }
  return { created: update ? 0 : rows.length, updated: update ? rows.length : 0, errors };
}

/** The trainings' xlsx import, update and export (spec 3 §2.3: import, export). */
export const trainingExchange: ExchangeDeclaration<TrainingLine, AdminScope> = {
  fileName: 'lea-formations',
  sheetName: 'adminSetup.training.list',
  texts: {
    import: 'adminSetup.training.importText',
    update: 'adminSetup.training.updateText',
    created: { one: textRef('adminSetup.training.createdOne', COUNT_SLOT), other: textRef('adminSetup.training.createdOther', COUNT_SLOT) },
    updated: { one: textRef('adminSetup.training.updatedOne', COUNT_SLOT), other: textRef('adminSetup.training.updatedOther', COUNT_SLOT) },
    thanks: 'adminSetup.training.thanks',
  },
  columns,
  exportRecords,
  apply: applyTrainings,
};
