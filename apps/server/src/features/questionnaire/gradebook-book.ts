import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { REPLY_STATUS, type GradebookListResponse, type Locale, type PdfDataResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { questionnaires, replies } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileStore } from '../../services/file-store.js';
import { resolveTriadAccess, type TriadAccessContext } from '../../services/triad-access.js';
import { text, textRef } from '../../texts/index.js';
import { fileSlug, pdfPlatform } from './export.js';
import { finishPdf, openPdf } from './pdf/index.js';
import { drawBand, drawFooters, drawInfoGrid, drawRunningHeader, paragraph } from './pdf/layout.js';
import { profileLabel } from './pdf/labels.js';
import { formatInstant } from './pdf/pdf-text.js';
import { drawTable, type Cell, type Column } from './pdf/tables.js';
import { findExportDetails } from './queries.js';

const PROFILES = [1, 2, 3, 4] as const;

/** Year and half-year (1 January–June, 2 July–December) of an instant, in Paris time (decision 029). */
export function periodOf(instant: Date): { year: number; period: 1 | 2 } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: 'numeric' }).formatToParts(instant);
  const part = (type: 'year' | 'month') => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), period: part('month') <= 6 ? 1 : 2 };
}

type SignedMark = {
  questionnaireId: number;
  title: string;
  profile: number;
  mark: number;
  maximum: number;
  signedAt: Date;
  year: number;
  period: 1 | 2;
};

const sees = (access: TriadAccessContext, audience: number[]) => access.canManage || access.roles.some((role) => audience.includes(role));

/**
 * The signed replies of the triad that carry a mark, of the questionnaires whose marks the caller
 * may read (the marks' audience, or the course's managers and administrators), with their period.
 */
async function signedMarks(db: DbOrTx, access: TriadAccessContext): Promise<SignedMark[]> {
  const rows = await db
    .select({
      questionnaireId: questionnaires.id,
      title: questionnaires.title,
      visibleBy: questionnaires.visibleBy,
      marksVisibleBy: questionnaires.marksVisibleBy,
      profile: replies.profile,
      mark: replies.totalMark,
      maximum: replies.maximalMark,
      signedAt: replies.signedAt,
    })
    .from(replies)
    .innerJoin(questionnaires, eq(questionnaires.id, replies.questionnaireId))
    .where(
      and(
        eq(replies.triadId, access.triad.id),
        eq(replies.status, REPLY_STATUS.signed),
        isNotNull(replies.totalMark),
        isNotNull(replies.signedAt),
      ),
    )
    .orderBy(asc(replies.signedAt), asc(questionnaires.id), asc(replies.profile));
  return rows.flatMap((row) =>
    row.mark !== null && row.signedAt !== null && sees(access, row.visibleBy) && sees(access, row.marksVisibleBy)
      ? [{ ...row, mark: row.mark, maximum: row.maximum ?? 0, signedAt: row.signedAt, ...periodOf(row.signedAt) }]
      : [],
  );
}

/** `GET /app/gradebook/list/{triad}`: the periods that have marks the caller may read, newest first. */
export async function listGradebooks(db: DbOrTx, caller: Caller, triadId: number): Promise<GradebookListResponse> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_GRADEBOOK' });
  const keys = new Map<string, { year: number; period: number; key: string }>();
  for (const mark of await signedMarks(db, access)) {
    const key = `${mark.year}-${mark.period}`;
    keys.set(key, { year: mark.year, period: mark.period, key });
  }
  return { gradebooks: [...keys.values()].sort((a, b) => b.year - a.year || b.period - a.period) };
}

const formatMark = (value: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 }).format(value).replace(/\u202f/g, ' ');

/**
 * `GET /api/gradebook/get-pdf?triad&year&period`: the triad's gradebook of a period as a branded
 * PDF: one row per questionnaire with the mark of each profile's signed reply, and the totals.
 */
export async function gradebookPdf(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: { triad: number; year: number; period: number },
  locale: Locale,
  now = new Date(),
): Promise<PdfDataResponse> {
  const access = await resolveTriadAccess(deps.db, caller, params.triad, { module: 'MODULE_LEA_GRADEBOOK' });
  const details = await findExportDetails(deps.db, { triadId: access.triad.id, platformId: caller.platformId });
  if (!details) throw notFound(textRef('common.triadNotFound'));
  const marks = (await signedMarks(deps.db, access)).filter((mark) => mark.year === params.year && mark.period === params.period);
  const periodName = text(locale, params.period === 1 ? 'gradebook.period1' : 'gradebook.period2', { year: params.year });
  const title = text(locale, 'gradebook.title', { period: periodName });
  const platform = await pdfPlatform(deps, details, caller.platformId);
  const opened = openPdf({ title, subject: title, platform, locale, model: 1, showMarks: true });
  const bytes = await finishPdf(opened, (pdf) => {
    const { labels } = pdf;
    pdf.doc.on('pageAdded', () => drawRunningHeader(pdf, `${title} - ${details.apprentice ?? details.trainingCourse}`));
    drawBand(pdf, {
      platformName: platform.name,
      logo: platform.logo,
      logoMime: platform.logoMime,
      kind: text(locale, 'gradebook.kind'),
      subtitle: details.trainingCourse,
    });
    paragraph(pdf, title, { font: 'Helvetica-Bold', size: 18, color: pdf.colors.heading });
    pdf.doc.y += 8;
    drawInfoGrid(pdf, [
      [labels.trainingCourse, details.trainingCourse],
      [labels.crew, details.crew ?? labels.notSet],
      [profileLabel(labels, 1), details.apprentice ?? labels.notSet],
      [text(locale, 'gradebook.period'), periodName],
    ]);
    if (marks.length === 0) {
      paragraph(pdf, text(locale, 'gradebook.noMarks'), { size: 11 });
    } else {
      paragraph(pdf, text(locale, 'gradebook.intro'), { size: 9, color: '#6b7280' });
      pdf.doc.y += 6;
      const profiles = PROFILES.filter((profile) => marks.some((mark) => mark.profile === profile));
      const columns: Column[] = [
        { header: text(locale, 'gradebook.questionnaire'), weight: 4 },
        { header: text(locale, 'gradebook.signedOn'), weight: 2 },
        ...profiles.map((profile) => ({ header: profileLabel(labels, profile), weight: 2, align: 'center' as const })),
      ];
      const byQuestionnaire = new Map<number, SignedMark[]>();
      for (const mark of marks) byQuestionnaire.set(mark.questionnaireId, [...(byQuestionnaire.get(mark.questionnaireId) ?? []), mark]);
      const cell = (mark: number, maximum: number): Cell => ({ text: `${formatMark(mark, locale)} / ${formatMark(maximum, locale)}` });
      const rows: Cell[][] = [...byQuestionnaire.values()].map((entries) => [
        { text: entries[0]!.title },
        { text: formatInstant(entries.at(-1)!.signedAt).slice(0, 10) },
        ...profiles.map((profile) => {
          const entry = entries.find((candidate) => candidate.profile === profile);
          return entry ? cell(entry.mark, entry.maximum) : { text: '-', muted: true };
        }),
      ]);
      const totals = profiles.map((profile) => {
        const own = marks.filter((mark) => mark.profile === profile);
        return {
          ...cell(
            own.reduce((sum, mark) => sum + mark.mark, 0),
            own.reduce((sum, mark) => sum + mark.maximum, 0),
          ),
          bold: true,
        };
      });
      rows.push([{ text: text(locale, 'gradebook.total'), bold: true }, { text: '' }, ...totals]);
      drawTable(pdf, columns, rows);
    }
    drawFooters(pdf, details.platformName, now);
  });
  const slug = fileSlug(details.apprentice ?? details.trainingCourse);
  return { data: bytes.toString('base64'), fileName: `${text(locale, 'gradebook.fileName')}-${slug}-${params.year}-${params.period}.pdf` };
}
