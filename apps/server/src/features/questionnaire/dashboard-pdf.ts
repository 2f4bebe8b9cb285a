import type { DashboardPdfRequest, FileDownloadResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { FileStore } from '../../services/file-store.js';
import { appliesTo, loadDashboardData, triadReplies } from './dashboard-data.js';
import { fileSlug, questionnairePdfInput } from './export.js';
import { drawQuestionnaire, finishPdf, openPdf, type QuestionnairePdfInput } from './pdf/index.js';
import { labelsFor } from './pdf/labels.js';
import { drawBand, drawFooters, drawRunningHeader, marksVisible } from './pdf/layout.js';
import { text, textRef } from '../../texts/index.js';

/** Documents (questionnaire × triad) one export prints at most: beyond, the request is refused. */
export const PDF_EXPORT_MAX = 100;

/**
 * One A4 document with every input drawn by the questionnaire PDF's own functions, each starting on
 * a new page, the running header naming the questionnaire and apprentice being printed.
 */
function renderQuestionnairesPdf(inputs: QuestionnairePdfInput[], course: string, locale: 'fr' | 'en', now: Date): Promise<Buffer> {
  const first = inputs[0] as QuestionnairePdfInput;
  const kind = text(locale, 'dashboard.pdfKind');
  const opened = openPdf({
    title: `${kind} - ${course}`,
    subject: labelsFor(locale, first.platform.profileTitles[locale]).filledBooklet,
    platform: first.platform,
    locale,
    model: 1,
    showMarks: false,
  });
  return finishPdf(opened, (pdf) => {
    let running = course;
    pdf.doc.on('pageAdded', () => drawRunningHeader(pdf, running));
    drawBand(pdf, {
      platformName: first.platform.name,
      logo: first.platform.logo,
      logoMime: first.platform.logoMime,
      kind,
      subtitle: course,
    });
    inputs.forEach((input, index) => {
      running = `${input.view.title} - ${input.triad.apprentice ?? course}`;
      pdf.showMarks = marksVisible(input.view);
      if (index > 0) pdf.doc.addPage();
      drawQuestionnaire(pdf, input);
    });
    drawFooters(pdf, first.platform.name, now);
  });
}

/**
 * POST …/dashboard/export-pdf: the selected questionnaires as the manager reads them (shared and
 * signed replies), for the selected triads (default: every triad they apply to), in one PDF.
 * Pairs without a shared or signed reply are left out.
 */
export async function exportDashboardPdf(
  deps: { db: DbOrTx; files: FileStore },
  caller: Caller,
  params: { courseId: number; body: DashboardPdfRequest; locale: 'fr' | 'en' },
  now = new Date(),
): Promise<FileDownloadResponse> {
  const data = await loadDashboardData(deps.db, caller, params.courseId, { questionnaires: params.body.questionnaires }, { now });
  const known = new Set(data.questionnaires.map((entry) => entry.questionnaire.id));
  if (params.body.questionnaires.some((id) => !known.has(id))) throw notFound(textRef('questionnaire.notFound'));
  const wanted = params.body.triads;
  if (wanted && wanted.some((id) => !data.triads.some((triad) => triad.id === id))) throw notFound(textRef('common.triadNotFound'));
  const order = new Map(params.body.questionnaires.map((id, index) => [id, index]));
  const pairs = [...data.questionnaires]
    .sort((a, b) => (order.get(a.questionnaire.id) ?? 0) - (order.get(b.questionnaire.id) ?? 0))
    .flatMap((entry) =>
      data.triads
        .filter((triad) => (!wanted || wanted.includes(triad.id)) && appliesTo(entry, triad))
        .filter((triad) => triadReplies(data, entry.questionnaire.id, triad.id).some((reply) => reply.status >= 2))
        .map((triad) => ({ questionnaireId: entry.questionnaire.id, triadId: triad.id })),
    );
  if (pairs.length === 0) throw badRequest(textRef('dashboard.pdfNothing'));
  if (pairs.length > PDF_EXPORT_MAX) throw badRequest(textRef('dashboard.pdfTooMany', { count: pairs.length, max: PDF_EXPORT_MAX }));
  const inputs: QuestionnairePdfInput[] = [];
  // One at a time: each input loads a whole questionnaire, and the pool is shared with other requests.
  for (const pair of pairs) inputs.push(await questionnairePdfInput(deps, caller, { ...pair, model: 1, locale: params.locale }, now));
  const pdf = await renderQuestionnairesPdf(inputs, data.course.displayName, params.locale, now);
  const name = data.questionnaires.length === 1 ? fileSlug(data.questionnaires[0]?.questionnaire.title ?? '') : 'questionnaires';
  return { filename: `lea-${name}-${now.toISOString().slice(0, 10)}.pdf`, data: pdf.toString('base64'), type: 'application/pdf' };
}
