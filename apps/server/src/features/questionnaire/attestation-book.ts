import { and, desc, eq, sql } from 'drizzle-orm';
import type { AttestationListResponse, Locale, PdfDataResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { calendarEvents } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import { EVENT_TYPE, monthlyAttendance, planningOfTriad } from '../../services/attendance.js';
import type { FileStore } from '../../services/file-store.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { text, textRef } from '../../texts/index.js';
import { fileSlug, pdfPlatform } from './export.js';
import { finishPdf, openPdf } from './pdf/index.js';
import { drawBand, drawFooters, drawInfoGrid, drawRunningHeader, paragraph } from './pdf/layout.js';
import { profileLabel } from './pdf/labels.js';
import { formatInstant } from './pdf/pdf-text.js';
import { drawTable } from './pdf/tables.js';
import { findExportDetails } from './queries.js';

/** "novembre 2026", "November 2026". */
export function monthName(year: number, month: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/**
 * `GET /app/attestations/list/{triad}` (spec 2 §3 Attestation: year, month, identity): the months
 * in which the triad has course hours planned in the calendar, newest first, with the apprentice.
 */
export async function listAttestations(db: DbOrTx, caller: Caller, triadId: number, locale: Locale): Promise<AttestationListResponse> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_ATTESTATION' });
  const details = await findExportDetails(db, { triadId, platformId: caller.platformId });
  const month = sql<string>`to_char(${calendarEvents.startDate}, 'YYYY-MM')`;
  const rows = await db
    .selectDistinct({ month })
    .from(calendarEvents)
    .where(and(planningOfTriad(access.triad), eq(calendarEvents.type, EVENT_TYPE.course)))
    .orderBy(desc(month));
  const identity = details?.apprentice ?? text(locale, 'gradebook.attestation.noApprentice');
  return {
    attestations: rows.map((row) => {
      const [year, monthNumber] = row.month.split('-').map(Number);
      return { year: year ?? 0, month: monthNumber ?? 0, identity };
    }),
  };
}

type HoursKey =
  | 'gradebook.attestation.planned'
  | 'gradebook.attestation.attended'
  | 'gradebook.attestation.justified'
  | 'gradebook.attestation.unjustified';

const formatHours = (value: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value);

/**
 * `GET /api/attestations/get-pdf?triad&year&month`: the apprentice's attendance certificate of a
 * month as a branded PDF, from the calendar's hours (services/attendance.ts): planned, attended,
 * absent justified and unjustified. A month without planned hours says so instead of a table.
 */
export async function attestationPdf(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: { triad: number; year: number; month: number },
  locale: Locale,
  now = new Date(),
): Promise<PdfDataResponse> {
  const access = await resolveTriadAccess(deps.db, caller, params.triad, { module: 'MODULE_LEA_ATTESTATION' });
  const details = await findExportDetails(deps.db, { triadId: access.triad.id, platformId: caller.platformId });
  if (!details) throw notFound(textRef('common.triadNotFound'));
  const hours = await monthlyAttendance(deps.db, { triadId: access.triad.id, year: params.year, month: params.month });
  const month = monthName(params.year, params.month, locale);
  const title = text(locale, 'gradebook.attestation.title', { month });
  const apprentice = details.apprentice ?? text(locale, 'gradebook.attestation.noApprentice');
  const platform = await pdfPlatform(deps, details, caller.platformId);
  const opened = openPdf({ title, subject: title, platform, locale, model: 1, showMarks: false });
  const bytes = await finishPdf(opened, (pdf) => {
    const { labels } = pdf;
    pdf.doc.on('pageAdded', () => drawRunningHeader(pdf, `${title} - ${apprentice}`));
    drawBand(pdf, {
      platformName: platform.name,
      logo: platform.logo,
      logoMime: platform.logoMime,
      kind: text(locale, 'gradebook.attestation.kind'),
      subtitle: details.trainingCourse,
    });
    paragraph(pdf, title, { font: 'Helvetica-Bold', size: 18, color: pdf.colors.heading });
    pdf.doc.y += 8;
    drawInfoGrid(pdf, [
      [profileLabel(labels, 1), apprentice],
      [labels.trainingCourse, details.trainingCourse],
      [labels.crew, details.crew ?? labels.notSet],
      [text(locale, 'gradebook.attestation.month'), month],
    ]);
    if (hours.plannedHours === 0) {
      paragraph(pdf, text(locale, 'gradebook.attestation.empty'), { size: 11 });
    } else {
      paragraph(pdf, text(locale, 'gradebook.attestation.intro', { apprentice, course: details.trainingCourse, month }), { size: 11 });
      pdf.doc.y += 10;
      const line = (key: HoursKey, value: number) => [
        { text: text(locale, key) },
        { text: formatHours(value, locale), align: 'right' as const, bold: true },
      ];
      drawTable(
        pdf,
        [
          { header: text(locale, 'gradebook.attestation.month'), weight: 4 },
          { header: text(locale, 'gradebook.attestation.hoursHeader'), weight: 1, align: 'right' },
        ],
        [
          line('gradebook.attestation.planned', hours.plannedHours),
          line('gradebook.attestation.attended', hours.attendedHours),
          line('gradebook.attestation.justified', hours.absentJustifiedHours),
          line('gradebook.attestation.unjustified', hours.absentUnjustifiedHours),
        ],
      );
      pdf.doc.y += 20;
      paragraph(pdf, text(locale, 'gradebook.attestation.signature', { date: formatInstant(now).slice(0, 10) }), { size: 10 });
    }
    drawFooters(pdf, platform.name, now);
  });
  const slug = fileSlug(apprentice);
  const name = `${text(locale, 'gradebook.attestation.fileName')}-${slug}-${params.year}-${String(params.month).padStart(2, '0')}.pdf`;
  return { data: bytes.toString('base64'), fileName: name };
}
