import PDFDocument from 'pdfkit';
import type { QuestionnaireView } from '@lea/shared';
import { drawItems } from './items.js';
import { labelsFor, profileLabel } from './labels.js';
import { INK, MARGIN, type Pdf, drawBand, drawFooters, drawInfoGrid, drawRunningHeader, marksVisible, paletteOf, paragraph } from './layout.js';
import { plainText } from './pdf-text.js';
import { type PdfSignature, drawReplyFacts, drawSignatures } from './signatures.js';

export type QuestionnairePdfInput = {
  view: QuestionnaireView;
  /** 0 = the blank model (questions, choices, empty answer areas), 1 = the filled booklet. */
  model: 0 | 1;
  platform: { name: string; principalColor: string; secondaryColor: string; logo: Buffer | null; logoMime: string | null };
  triad: { apprentice: string | null; tutor: string | null; apprenticeMaster: string | null; trainingCourse: string; crew: string | null };
  signatures: PdfSignature[];
  generatedAt: Date;
  locale: 'fr' | 'en';
};

function drawIntroduction(pdf: Pdf, input: QuestionnairePdfInput): void {
  const { view, triad } = input;
  const { labels } = pdf;
  paragraph(pdf, view.title, { font: 'Helvetica-Bold', size: 20, color: pdf.colors.heading });
  pdf.doc.y += 10;
  const none = labels.notSet;
  drawInfoGrid(pdf, [
    [labels.trainingCourse, triad.trainingCourse],
    [labels.crew, triad.crew ?? none],
    [profileLabel(labels, 1), triad.apprentice ?? none],
    [profileLabel(labels, 2), triad.tutor ?? none],
    [profileLabel(labels, 3), triad.apprenticeMaster ?? none],
    [`${labels.year} / ${labels.category}`, `${labels.yearValue(view.year)} / ${view.category?.title ?? none}`],
  ]);
  const description = view.description === null ? '' : plainText(view.description);
  if (description !== '') {
    paragraph(pdf, description, { size: 10, color: INK.text, gap: 2.5 });
    pdf.doc.y += 14;
  }
}

/**
 * Renders a questionnaire as an A4 PDF: the platform's band and logo, the triad, every item in
 * order, the interview date and marks the view shows, and one signature box per signer.
 * Everything printed comes from the caller's view, so the document never shows more than the page.
 */
export function renderQuestionnairePdf(input: QuestionnairePdfInput): Promise<Buffer> {
  const labels = labelsFor(input.locale);
  const kind = input.model === 0 ? labels.blankModel : labels.filledBooklet;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: input.view.title, Author: input.platform.name, Subject: kind, Creator: input.platform.name },
  });
  const pdf: Pdf = {
    doc,
    labels,
    locale: input.locale,
    model: input.model,
    showMarks: marksVisible(input.view),
    colors: paletteOf(input.platform.principalColor, input.platform.secondaryColor),
    current: {},
  };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.on('pageAdded', () => drawRunningHeader(pdf, `${input.view.title} - ${input.triad.apprentice ?? input.triad.trainingCourse}`));
      drawBand(pdf, { platformName: input.platform.name, logo: input.platform.logo, logoMime: input.platform.logoMime, kind, subtitle: input.triad.trainingCourse });
      drawIntroduction(pdf, input);
      drawItems(pdf, input.view.questions);
      drawReplyFacts(pdf, input.view);
      drawSignatures(pdf, input.view.signedBy, input.signatures);
      drawFooters(pdf, input.platform.name, input.generatedAt);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
