import {
  index,
  integer,
  pgTable,
  serial,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { trainingCourses } from './training.js';

/** A record's owner: the record goes with it. */
export const belongsTo = (name: string, owner: () => PgColumn) => integer(name).notNull().references(owner, { onDelete: 'cascade' });

/** The id of a record a training course owns, and that course: the record goes with the course. */
export const courseOwned = () => ({
  id: serial('id').primaryKey(),
  trainingCourseId: belongsTo('training_course_id', () => trainingCourses.id),
});

/** A record's place among its siblings (the order a manager drags), first by default. */
export const position = () => integer('position').notNull().default(0);

type OwnColumns = ReturnType<typeof courseOwned>;

/**
 * A table of records a training course owns: its id and course first, then `columns`, with the
 * index on the course (`{name}_course_idx`) before the `extra` indexes and constraints.
 */
export function courseTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra: (table: BuildExtraConfigColumns<TName, OwnColumns & TColumns, 'pg'>) => PgTableExtraConfigValue[] = () => [],
) {
  return pgTable(name, { ...courseOwned(), ...columns }, (table) => [
    index(`${name}_course_idx`).on(table.trainingCourseId),
    ...extra(table),
  ]);
}
