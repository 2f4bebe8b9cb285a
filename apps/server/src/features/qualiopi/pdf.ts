import type { Locale, QualiopiReportResponse, QualiopiRow } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileStore } from '../../services/file-store.js';
import { text, textRef } from '../../texts/index.js';
import { fileSlug, pdfPlatform } from '../questionnaire/export.js';
import { finishPdf, footerText, openPdf } from '../questionnaire/pdf/index.js';
import { drawBand, drawFooters, drawInfoGrid, drawRunningHeader, INK, paragraph, type Pdf } from '../questionnaire/pdf/layout.js';
import { formatDate, formatInstant, formatNumber } from '../questionnaire/pdf/pdf-text.js';
import { drawTable, type Cell } from '../questionnaire/pdf/tables.js';
import { findCourseBranding } from '../questionnaire/queries.js';
import { contractText, skillsText, visitsText } from './cells.js';
import { getQualiopiReport } from './report.js';

type Words = (key: Parameters<typeof text>[1], params?: Record<string, string | number>) => string;

function heading(pdf: Pdf, title: string): void {
  pdf.doc.y += 6;
  paragraph(pdf, title, { font: 'Helvetica-Bold', size: 13, color: pdf.colors.heading });
  pdf.doc.y += 6;
}

/** What a figures table prints: a row's lists as texts, or the totals' counts. */
type Figures = Pick<QualiopiRow, 'questionnaires' | 'absences' | 'absenceAlerts' | 'reminders'> & {
  contracts: string;
  visits: string;
  skills: string;
};

function rowFigures(t: Words, locale: Locale, row: QualiopiRow): Figures {
  return {
    ...row,
    contracts: row.contracts.map((contract) => contractText(contract, locale)).join('\n') || t('qualiopi.noContract'),
    visits: visitsText(row) || t('qualiopi.noVisit'),
    skills: skillsText(row, locale),
  };
}

/** The figures of a row (or of the totals) as label/value lines. */
function figureRows(t: Words, locale: Locale, figures: Figures): Cell[][] {
  const counts = figures.questionnaires;
  const { absences } = figures;
  const hours = (value: number) => `${formatNumber(value, locale)} h`;
  const lines: [Parameters<Words>[0], string][] = [
    ['qualiopi.contracts', figures.contracts],
    ['qualiopi.visits', figures.visits],
    ['qualiopi.expected', String(counts.expected)],
    ['qualiopi.onTime', String(counts.onTime)],
    ['qualiopi.late', String(counts.late)],
    ['qualiopi.missing', String(counts.missing)],
    ['qualiopi.pending', String(counts.pending)],
    ['qualiopi.skillSessions', figures.skills],
    [
      'qualiopi.absences',
      t('qualiopi.absencesSummary', { count: absences.count, hours: hours(absences.hours), unjustified: hours(absences.unjustifiedHours) }),
    ],
    ['qualiopi.absenceAlerts', String(figures.absenceAlerts)],
    ['qualiopi.reminders', String(figures.reminders)],
  ];
  return lines.map(([key, value]) => [{ text: t(key), bold: true }, { text: value }]);
}

function drawApprentice(pdf: Pdf, t: Words, locale: Locale, row: QualiopiRow): void {
  paragraph(pdf, row.apprentice ?? t('qualiopi.noApprentice'), { font: 'Helvetica-Bold', size: 18, color: pdf.colors.heading });
  pdf.doc.y += 8;
  drawInfoGrid(pdf, [
    [t('qualiopi.crew'), row.crew ?? text(locale, 'manager.noCrew')],
    [t('qualiopi.active'), t(row.active ? 'qualiopi.yes' : 'qualiopi.no')],
  ]);
  drawTable(
    pdf,
    [
      { header: t('qualiopi.summary'), weight: 2 },
      { header: '', weight: 5 },
    ],
    figureRows(t, locale, rowFigures(t, locale, row)),
  );
  if (row.expected.length > 0) {
    heading(pdf, t('qualiopi.details'));
    drawTable(
      pdf,
      [
        { header: t('qualiopi.questionnaire'), weight: 4 },
        { header: t('qualiopi.dueDate'), weight: 2, align: 'center' },
        { header: t('qualiopi.status'), weight: 2 },
        { header: t('qualiopi.signedOn'), weight: 2, align: 'center' },
      ],
      row.expected.map((entry) => [
        { text: entry.title },
        { text: formatDate(entry.dueDate) },
        { text: t(`qualiopi.status.${entry.status}`), bold: entry.status === 'missing' || entry.status === 'late' },
        { text: entry.signedOn === null ? '-' : formatDate(entry.signedOn), muted: entry.signedOn === null },
      ]),
    );
  }
}

function drawCover(pdf: Pdf, t: Words, locale: Locale, report: QualiopiReportResponse, crew: string, now: Date): void {
  paragraph(pdf, t('qualiopi.title', { course: report.course.displayName }), {
    font: 'Helvetica-Bold',
    size: 20,
    color: pdf.colors.heading,
  });
  pdf.doc.y += 10;
  drawInfoGrid(pdf, [
    [t('qualiopi.period'), t('qualiopi.periodValue', { from: formatDate(report.period.from), to: formatDate(report.period.to) })],
    [t('qualiopi.crewFilter'), crew],
    [t('qualiopi.apprentices'), String(report.totals.apprentices)],
    [t('qualiopi.generated'), formatInstant(now)],
  ]);
  heading(pdf, t('qualiopi.indicators'));
  paragraph(pdf, t('qualiopi.indicator12'), { size: 10, gap: 2 });
  pdf.doc.y += 6;
  paragraph(pdf, t('qualiopi.indicator13'), { size: 10, gap: 2 });
  pdf.doc.y += 10;
  paragraph(pdf, t('qualiopi.definitions'), { size: 8.5, color: INK.muted, gap: 1.5 });
  heading(pdf, t('qualiopi.total'));
  const { totals } = report;
  const rows = figureRows(t, locale, {
    ...totals,
    contracts: String(totals.contracts),
    visits: String(totals.visits),
    skills: String(totals.skillSessionsEvaluated),
  });
  drawTable(
    pdf,
    [
      { header: t('qualiopi.summary'), weight: 2 },
      { header: '', weight: 5 },
    ],
    rows,
  );
  if (report.rows.length === 0) paragraph(pdf, t('qualiopi.noRows'), { size: 11 });
}

/**
 * `GET /app/lea-manager/{course}/qualiopi/pdf`: the report as a branded A4 PDF (the course's
 * colours and logo, as the booklets): a cover with the course, period, generation date, the
 * indicators it documents and the totals, then one page per apprentice.
 */
export async function qualiopiPdf(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: { courseId: number; query: Parameters<typeof getQualiopiReport>[3]; locale: Locale },
  now = new Date(),
): Promise<{ filename: string; bytes: Buffer }> {
  const report = await getQualiopiReport(deps.db, caller, params.courseId, params.query, params.locale, now);
  const branding = await findCourseBranding(deps.db, { courseId: report.course.id, platformId: caller.platformId });
  if (!branding) throw notFound(textRef('common.courseNotFound'));
  const platform = await pdfPlatform(deps, branding, caller.platformId);
  const { locale } = params;
  const t: Words = (key, values) => text(locale, key, values as never);
  const kind = t('qualiopi.kind');
  const crew = report.crews.find((entry) => entry.id === params.query.crew)?.title ?? t('qualiopi.allCrews');
  const opened = openPdf({ title: `${kind} - ${report.course.displayName}`, subject: kind, platform, locale, model: 1, showMarks: false });
  const bytes = await finishPdf(opened, (pdf) => {
    let running = `${kind} - ${report.course.displayName}`;
    pdf.doc.on('pageAdded', () => drawRunningHeader(pdf, running));
    drawBand(pdf, {
      platformName: platform.name,
      logo: platform.logo,
      logoMime: platform.logoMime,
      kind,
      subtitle: report.course.displayName,
    });
    drawCover(pdf, t, locale, report, crew, now);
    for (const row of report.rows) {
      running = `${kind} - ${report.course.displayName} - ${row.apprentice ?? t('qualiopi.noApprentice')}`;
      pdf.doc.addPage();
      drawApprentice(pdf, t, locale, row);
    }
    drawFooters(pdf, footerText(platform), now);
  });
  const slug = fileSlug(report.course.displayName);
  return { filename: `${t('qualiopi.fileName')}-${slug}-${report.period.from}-${report.period.to}.pdf`, bytes };
}
