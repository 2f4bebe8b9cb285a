import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import { CrewInput } from '@lea/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { crews, triads } from '../../db/schema/index.js';
import { text, textRef, type TextRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { CANNOT_REMOVE } from '../envelopes.js';
import { COUNT_SLOT } from '../text.js';
import { defineEntity, type ExchangeColumn, type ImportLine, type ImportProblem, type ImportResult, type ManagerScope } from '../types.js';
import { findInCourse } from '../find-in-course.js';

type CrewRecord = typeof crews.$inferSelect & { triadCount?: number };

function findCrews(db: DbOrTx, courseId: number) {
  const held = alias(triads, 'crew_triad');
  const triadCount = sql<number>`(${db.select({ n: count() }).from(held).where(eq(held.crewId, crews.id))})`.mapWith(Number);
  return db
    .select({ crew: crews, triadCount })
    .from(crews)
    .where(eq(crews.trainingCourseId, courseId))
    .orderBy(asc(crews.position), asc(crews.id));
}

async function nextPosition(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(crews.position) })
    .from(crews)
    .where(eq(crews.trainingCourseId, courseId));
  return (row?.last ?? -1) + 1;
}

const columns = (update: boolean): ExchangeColumn<CrewRecord>[] => [
  ...(update
    ? [
        {
          key: 'id',
          header: 'backOffice.import.id' as const,
          required: true,
          parse: parseId,
          value: (crew: CrewRecord) => crew.id,
          width: 12,
        },
      ]
    : []),
  {
    key: 'title',
    header: 'backOffice.word.crew',
    required: true,
    value: (crew) => crew.name,
    example: textRef('backOffice.crew.example'),
    width: 36,
  },
];

function parseId(cell: string): { value: number } | TextRef {
  return /^\d+$/.test(cell) ? { value: Number(cell) } : textRef('backOffice.import.badId');
}

/** Creates the lines' crews, or renames the crews of an update file (their ids must be the course's). */
async function applyCrews(tx: Tx, scope: ManagerScope, lines: ImportLine[], update: boolean): Promise<ImportResult> {
  const course = scope.course;
  const errors: ImportProblem[] = [];
  if (!update) {
    const start = await nextPosition(tx, course.id);
    if (lines.length > 0) {
      await tx
        .insert(crews)
        .values(lines.map((line, index) => ({ trainingCourseId: course.id, name: String(line.values.title), position: start + index })));
    }
    return { created: lines.length, updated: 0, errors };
  }
  const ids = lines.map((line) => Number(line.values.id));
  const known = new Set(
    (
      await tx
        .select({ id: crews.id })
        .from(crews)
        .where(and(eq(crews.trainingCourseId, course.id), inArray(crews.id, ids.length ? ids : [0])))
    ).map((row) => row.id),
  );
  for (const line of lines) {
    const id = Number(line.values.id);
    if (!known.has(id)) errors.push({ line: line.line, column: 'id', message: textRef('backOffice.crew.unknown') });
    else
      await tx
        .update(crews)
        .set({ name: String(line.values.title) })
        .where(eq(crews.id, id));
  }
  return { created: 0, updated: lines.length - errors.length, errors };
}

/** crew: a cohort of the course (spec 3 §3); sortable, copyable; never deleted while it holds triads. */
export const crewEntity = defineEntity<CrewRecord, CrewInput, 'manager'>({
  alias: 'crew',
  table: crews,
  area: 'manager',
  access: 'MODULE_LEA_TRIAD',
  screen: { path: 'triad/crew', back: 'triad' },
  titles: {
    list: 'backOffice.crew.list',
    add: 'backOffice.crew.add',
    edit: 'backOffice.crew.edit',
    back: 'backOffice.backToTriads',
    import: 'backOffice.crew.import',
    update: 'backOffice.crew.update',
  },
  find: findInCourse(crews),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'title', label: 'backOffice.word.title', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'triadCount', label: 'backOffice.word.triads', filterable: false, sortable: true, format: 'text', hidden: false },
      { key: 'position', label: 'backOffice.word.position', filterable: false, sortable: true, format: 'text', hidden: true },
    ],
    async rows(db, scope) {
      const rows = await findCrews(db, scope.course.id);
      return rows.map(({ crew, triadCount }) => ({
        id: crew.id,
        title: crew.name,
        triadCount,
        position: crew.position,
        canRemove: triadCount === 0,
      }));
    },
  },
  async form(_db, scope, { record }) {
    const placeholder = text(scope.locale, 'backOffice.crew.example');
    const tabs = [
      {
        code: 'crew',
        label: 'backOffice.word.crew' as const,
        fields: [
          { name: 'title', kind: 'text' as const, label: 'backOffice.word.title' as const, required: true, attributes: { placeholder } },
        ],
      },
    ];
    return buildFormModel('crew', scope.locale, tabs, record ? { title: record.name } : null);
  },
  input: CrewInput,
  async save(tx, scope, input, { record }) {
    const course = scope.course;
    if (record) {
      await tx.update(crews).set({ name: input.title }).where(eq(crews.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(crews)
      .values({ trainingCourseId: course.id, name: input.title, position: await nextPosition(tx, course.id) })
      .returning({ id: crews.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    const [row] = await tx.select({ n: count() }).from(triads).where(eq(triads.crewId, record.id));
    if ((row?.n ?? 0) > 0) return { refused: CANNOT_REMOVE };
    await tx.delete(crews).where(eq(crews.id, record.id));
    return { warnings: [] };
  },
  position: { column: crews.position, id: crews.id, siblings: (record) => eq(crews.trainingCourseId, record.trainingCourseId) },
  async copy(tx, scope, record) {
    // The copy's name fits the column: the original is cut by the length of the words added.
    const added = text(scope.locale, 'backOffice.crew.copyName', { name: '' }).length;
    const name = text(scope.locale, 'backOffice.crew.copyName', { name: record.name.slice(0, 255 - added) });
    const [row] = await tx
      .insert(crews)
      .values({ trainingCourseId: record.trainingCourseId, name, position: await nextPosition(tx, record.trainingCourseId) })
      .returning({ id: crews.id });
    return row!.id;
  },
  exchange: {
    fileName: 'lea-groupes',
    sheetName: 'backOffice.crew.list',
    texts: {
      import: 'backOffice.crew.importText',
      update: 'backOffice.crew.updateText',
      created: { one: textRef('backOffice.crew.createdOne', COUNT_SLOT), other: textRef('backOffice.crew.createdOther', COUNT_SLOT) },
      updated: { one: textRef('backOffice.crew.updatedOne', COUNT_SLOT), other: textRef('backOffice.crew.updatedOther', COUNT_SLOT) },
      thanks: 'backOffice.crew.thanks',
    },
    columns,
    async exportRecords(db, scope) {
      return (await findCrews(db, scope.course.id)).map(({ crew, triadCount }) => ({ ...crew, triadCount }));
    },
    apply: (tx, scope, lines, update) => applyCrews(tx, scope, lines, update),
  },
  messages: { saved: 'backOffice.crew.saved', removed: 'backOffice.crew.removed' },
});
