import type { Locale, QualiopiQuery, QualiopiRow } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { writeWorkbookSheets, type WorkbookCell } from '../../generic/xlsx.js';
import type { Caller } from '../../http/caller.js';
import { text, type PlainTextKey } from '../../texts/index.js';
import { fileSlug } from '../questionnaire/export.js';
import { contractText, skillsText, visitsText } from './cells.js';
import { getQualiopiReport } from './report.js';

/** A day `YYYY-MM-DD` as the date cell a spreadsheet sorts and filters (midnight UTC: exceljs writes UTC). */
const day = (value: string | null): Date | null => (value === null ? null : new Date(`${value}T00:00:00Z`));

const SUMMARY: [key: PlainTextKey, width: number][] = [
  ['qualiopi.crew', 18],
  ['qualiopi.apprentice', 24],
  ['qualiopi.active', 8],
  ['qualiopi.contracts', 44],
  ['qualiopi.contractStart', 14],
  ['qualiopi.contractEnd', 14],
  ['qualiopi.visits', 12],
  ['qualiopi.visitDates', 36],
  ['qualiopi.expected', 12],
  ['qualiopi.onTime', 12],
  ['qualiopi.late', 12],
  ['qualiopi.missing', 12],
  ['qualiopi.pending', 12],
  ['qualiopi.missingTitles', 40],
  ['qualiopi.skillSessions', 14],
  ['qualiopi.skillSessionNames', 40],
  ['qualiopi.absences', 10],
  ['qualiopi.absenceHours', 12],
  ['qualiopi.unjustifiedHours', 14],
  ['qualiopi.absenceAlerts', 14],
  ['qualiopi.reminders', 12],
];

const DETAILS: [key: PlainTextKey, width: number][] = [
  ['qualiopi.crew', 18],
  ['qualiopi.apprentice', 24],
  ['qualiopi.questionnaire', 40],
  ['qualiopi.dueDate', 14],
  ['qualiopi.status', 18],
  ['qualiopi.signedOn', 14],
];

function summaryCells(row: QualiopiRow, locale: Locale, noCrew: string): WorkbookCell[] {
  const counts = row.questionnaires;
  const first = row.contracts[0];
  const last = row.contracts.at(-1);
  return [
    row.crew ?? noCrew,
    row.apprentice,
    text(locale, row.active ? 'qualiopi.yes' : 'qualiopi.no'),
    row.contracts.map((contract) => contractText(contract, locale)).join('\n') || null,
    day(first?.startDate ?? null),
    day(last ? (last.ruptureDate ?? last.endDate) : null),
    row.visits.length,
    visitsText(row) || null,
    counts.expected,
    counts.onTime,
    counts.late,
    counts.missing,
    counts.pending,
    row.expected
      .filter((entry) => entry.status === 'missing')
      .map((entry) => entry.title)
      .join(', ') || null,
    row.skillSessions.evaluated.length,
    skillsText(row, locale),
    row.absences.count,
    row.absences.hours,
    row.absences.unjustifiedHours,
    row.absenceAlerts,
    row.reminders,
  ];
}

/**
 * `GET /app/lea-manager/{course}/qualiopi/xlsx`: the report as a workbook of two sheets: the
 * summary (one row per apprentice, then the totals) and the details (one row per questionnaire
 * expected of an apprentice, with its due date, status and signing day as dates).
 */
export async function qualiopiWorkbook(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; query: QualiopiQuery; locale: Locale },
  now = new Date(),
): Promise<{ filename: string; bytes: Buffer }> {
  const { locale } = params;
  const report = await getQualiopiReport(db, caller, params.courseId, params.query, locale, now);
  const noCrew = text(locale, 'manager.noCrew');
  const totals = report.totals;
  const totalRow: WorkbookCell[] = [
    text(locale, 'qualiopi.total'),
    totals.apprentices,
    null,
    totals.contracts,
    null,
    null,
    totals.visits,
    null,
    totals.questionnaires.expected,
    totals.questionnaires.onTime,
    totals.questionnaires.late,
    totals.questionnaires.missing,
    totals.questionnaires.pending,
    null,
    totals.skillSessionsEvaluated,
    null,
    totals.absences.count,
    totals.absences.hours,
    totals.absences.unjustifiedHours,
    totals.absenceAlerts,
    totals.reminders,
  ];
  const bytes = await writeWorkbookSheets([
    {
      name: text(locale, 'qualiopi.summary'),
      headers: SUMMARY.map(([key]) => text(locale, key)),
      widths: SUMMARY.map(([, width]) => width),
      rows: [...report.rows.map((row) => summaryCells(row, locale, noCrew)), totalRow],
    },
    {
      name: text(locale, 'qualiopi.details'),
      headers: DETAILS.map(([key]) => text(locale, key)),
      widths: DETAILS.map(([, width]) => width),
      rows: report.rows.flatMap((row) =>
        row.expected.map((entry) => [
          row.crew ?? noCrew,
          row.apprentice,
          entry.title,
          day(entry.dueDate),
          text(locale, `qualiopi.status.${entry.status}`),
          day(entry.signedOn),
        ]),
      ),
    },
  ]);
  const slug = fileSlug(report.course.displayName);
  return { filename: `${text(locale, 'qualiopi.fileName')}-${slug}-${report.period.from}-${report.period.to}.xlsx`, bytes };
}
