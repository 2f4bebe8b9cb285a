import { sql } from 'drizzle-orm';
import { COURSE_EXPORT_TYPES, EXPORT_TYPES, type ExportChoicesResponse, type ExportType, type Locale } from '@lea/shared';
import type { Writable } from 'node:stream';
import type { Database, Db } from '../../db/client.js';
import { batchReader } from '../../generic/batched-rows.js';
import { streamWorkbook, type AddRows } from '../../generic/xlsx.js';
import { badRequest } from '../../http/errors.js';
import { absenceTotalsByTraining, absencesByApprentice } from '../../services/attendance.js';
import { profileTitlesOf } from '../../services/profile-titles.js';
import { text, textRef, type PlainTextKey } from '../../texts/index.js';
import { coursesOf, type ExportScope } from './scope.js';
import { contractRows, followUpRows, headerWords, profileHeaders, signatureRows, summaryRows, visitRows } from './sheets.js';

/** A sheet's columns, and how its rows are read: in batches as they are written (decision 032). */
type Sheet = { headers: string[]; widths: number[]; fill: (add: AddRows) => Promise<void> };
const PEOPLE = ['training', 'course', 'crew', 'apprentice'];

/** The columns and rows of one export type (spec 3 §3 Export), from live data. */
async function sheetOf(database: Pick<Database, 'db' | 'kind'>, type: ExportType, scope: ExportScope, locale: Locale): Promise<Sheet> {
  const { db } = database;
  const read = batchReader(database);
  // The platform's profile titles name the profiles, in headers and cells (decision 024).
  const titles = (await profileTitlesOf(db, scope.platformId))[locale];
  const words = (language: Locale, names: string[]) => headerWords(language, titles, names);
  const profiles = profileHeaders(titles);
  switch (type) {
    case 1:
      return {
        headers: words(locale, [...PEOPLE, 'questionnaire', 'profile', 'signer', 'signedAt', 'impersonator']),
        fill: (add) => signatureRows(read, scope, titles, add),
        widths: [24, 28, 22, 24, 36, 20, 24, 18, 24],
      };
    case 2: {
      const rows = scope.courseId === null ? await absenceTotalsByTraining(db, { platformId: scope.platformId, year: scope.year }) : [];
      return {
        headers: words(locale, ['training', 'apprentices', 'absences', 'hours', 'justifiedHours', 'unjustifiedHours']),
        fill: (add) =>
          add(rows.map((row) => [row.trainingTitle, row.apprentices, row.absences, row.hours, row.justifiedHours, row.unjustifiedHours])),
        widths: [32, 12, 12, 12, 16, 18],
      };
    }
    case 3: {
      const where = scope.courseId === null ? { platformId: scope.platformId } : { trainingCourseId: scope.courseId };
      const rows = await absencesByApprentice(db, { ...where, year: scope.year });
      return {
        headers: words(locale, [
          'course',
          'crew',
          'apprenticeLastName',
          'apprenticeFirstName',
          'absences',
          'hours',
          'justifiedHours',
          'unjustifiedHours',
        ]),
        fill: (add) =>
          add(
            rows.map((row) => [
              row.trainingCourse,
              row.crew,
              row.apprenticeLastName,
              row.apprenticeFirstName,
              row.absences,
              row.hours,
              row.justifiedHours,
              row.unjustifiedHours,
            ]),
          ),
        widths: [28, 22, 20, 20, 12, 12, 16, 18],
      };
    }
    case 4:
      return {
        headers: words(locale, [...PEOPLE, 'tutor', 'apprenticeMaster', 'questionnaire', 'visitDate', 'givenBy']),
        fill: (add) => visitRows(read, scope, titles, add),
        widths: [24, 28, 22, 24, 24, 24, 36, 14, 20],
      };
    case 5:
      return {
        headers: words(locale, [
          'training',
          'course',
          'crew',
          'apprenticeLastName',
          'apprenticeFirstName',
          'contractNumber',
          'contractType',
          'company',
          'city',
          'startDate',
          'endDate',
          'ruptureDate',
          'ruptureCause',
          'apprenticeMaster',
        ]),
        fill: (add) => contractRows(read, scope, add),
        widths: [24, 28, 22, 20, 20, 18, 22, 28, 18, 12, 12, 14, 28, 24],
      };
    case 6:
      return {
        headers: [...words(locale, [...PEOPLE, 'questionnaire']), ...profiles],
        fill: async (add) => add(await followUpRows(db, scope, locale)),
        widths: [24, 28, 22, 24, 36, 20, 20, 20, 20],
      };
    case 7:
      return {
        headers: words(locale, [
          'training',
          'course',
          'years',
          'crews',
          'triads',
          'activeTriads',
          'questionnaires',
          'expected',
          'signed',
          'fillRate',
          'contracts',
          'absenceHours',
        ]),
        fill: async (add) => add(await summaryRows(db, scope)),
        widths: [28, 30, 12, 10, 10, 14, 16, 20, 20, 20, 10, 16],
      };
  }
}

/** The export's file name: the product, the type's words and the year ("lea-contrats-2025.xlsx"). */
function fileNameOf(type: ExportType, scope: ExportScope): string {
  const slug = text('fr', `export.type.${type}` as PlainTextKey)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `lea-${slug}${scope.courseId === null ? '' : `-${scope.courseId}`}-${scope.year ?? 'toutes-annees'}.xlsx`;
}

/** An export ready to stream: its file name, and how to write it (the checks and the titles are done). */
export type PreparedExport = { filename: string; write: (output: Writable) => Promise<void> };

/**
 * One export as an xlsx workbook, streamed (decision 032): everything that can refuse it (a type a
 * course's manager is not offered) and everything read before its first row (the platform's
 * titles, the small aggregate sheets) runs here, so that a refusal is still a JSON error; `write`
 * then reads the rows in batches into the workbook as it goes out.
 */
export async function prepareExport(
  database: Pick<Database, 'db' | 'kind'>,
  type: ExportType,
  scope: ExportScope,
  locale: Locale,
): Promise<PreparedExport> {
  if (scope.courseId !== null && !(COURSE_EXPORT_TYPES as readonly number[]).includes(type)) throw badRequest(textRef('export.notOffered'));
  const sheet = await sheetOf(database, type, scope, locale);
  const sheetName = text(locale, `export.type.${type}` as PlainTextKey);
  return {
    filename: fileNameOf(type, scope),
    write: (output) => streamWorkbook(output, sheetName, sheet.headers, sheet.widths, sheet.fill),
  };
}

/** The export screen's choices: the types of the area and the years its courses run in (newest first). */
export async function exportChoices(db: Db, scope: Omit<ExportScope, 'year'>, locale: Locale): Promise<ExportChoicesResponse> {
  const types = scope.courseId === null ? EXPORT_TYPES : COURSE_EXPORT_TYPES;
  const result = (await db.execute(sql`
    select distinct y.year::int as year
    from training_courses c join trainings tr on tr.id = c.training_id
    cross join lateral generate_series(coalesce(c.start_year, c.end_year)::int, coalesce(c.end_year, c.start_year)::int) as y(year)
    where ${coursesOf({ ...scope, year: null })} and coalesce(c.start_year, c.end_year) is not null
    order by 1 desc
  `)) as unknown as { rows: { year: number }[] };
  return {
    types: types.map((type) => ({ type, label: text(locale, `export.type.${type}` as PlainTextKey) })),
    years: result.rows.map((row) => Number(row.year)),
  };
}
