import { sql, type SQL } from 'drizzle-orm';

/** What an export covers: the platform (admin area) or one course of it (manager area), a calendar year or every year. */
export type ExportScope = { platformId: number; courseId: number | null; year: number | null };
export type Cell = string | number | null;

/** The courses of the scope, as a condition on `c` (training_courses) joined to `tr` (trainings). */
export function coursesOf(scope: ExportScope): SQL {
  return scope.courseId === null
    ? sql`tr.platform_id = ${scope.platformId}`
    : sql`tr.platform_id = ${scope.platformId} and c.id = ${scope.courseId}`;
}

/** A course runs in the year when the year lies between its start and end years (a course without years always does). */
export function courseRunsIn(scope: ExportScope): SQL {
  if (scope.year === null) return sql`true`;
  return sql`(c.start_year is null or c.start_year <= ${scope.year}) and (c.end_year is null or c.end_year >= ${scope.year})`;
}

/** An instant in the year, Paris time. */
export function instantIn(column: SQL, scope: ExportScope): SQL {
  if (scope.year === null) return sql`true`;
  return sql`extract(year from (${column} at time zone 'Europe/Paris')) = ${scope.year}`;
}

/** A day in the year. */
export function dayIn(column: SQL, scope: ExportScope): SQL {
  if (scope.year === null) return sql`true`;
  return sql`extract(year from ${column}) = ${scope.year}`;
}

/** `first last` of a joined user alias, or null. */
export const fullName = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

/** A date column as the workbooks print it (dd/mm/yyyy). */
export const dayText = (column: string) => sql.raw(`to_char(${column}, 'DD/MM/YYYY')`);
/** An instant as the workbooks print it (dd/mm/yyyy hh:mm, Paris time). */
export const instantText = (column: string) => sql.raw(`to_char(${column} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`);
