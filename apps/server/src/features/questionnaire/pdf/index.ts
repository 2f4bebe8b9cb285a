import PDFDocument from 'pdfkit';
import type { QuestionnaireView } from '@lea/shared';
import { drawItems } from './items.js';
import { labelsFor, profileLabel } from './labels.js';
import type { PlatformProfileTitles } from '../../../services/profile-titles.js';
import {
  INK,
  MARGIN,
  type Pdf,
  drawBand,
  drawFooters,
  drawInfoGrid,
  drawRunningHeader,
  marksVisible,
  paletteOf,
  paragraph,
} from './layout.js';
import { plainText } from './pdf-text.js';
import { type PdfSignature, drawReplyFacts, drawSignatures } from './signatures.js';

export type PdfTemplate = { coverText: string | null; headerText: string | null; footerText: string | null };

/** The running title of the following pages, after the template's header when the course has one. */
export function runningTitle(platform: QuestionnairePdfInput['platform'], title: string): string {
  const header = platform.template?.headerText;
  return header ? `${header} - ${title}` : title;
}

/** The footer's left text: the template's footer, else the platform's name. */
export const footerText = (platform: QuestionnairePdfInput['platform']): string => platform.template?.footerText ?? platform.name;

export type QuestionnairePdfInput = {
  view: QuestionnaireView;
  /** 0 = the blank model (questions, choices, empty answer areas), 1 = the filled booklet. */
  model: 0 | 1;
  platform: {
    name: string;
    principalColor: string;
    secondaryColor: string;
    logo: Buffer | null;
    logoMime: string | null;
    /** The course's booklet template (spec 3 §1): the cover's text, the pages' header and footer. */
    template?: PdfTemplate | undefined;
    /** The platform's profile titles (decision 024): the PDF names the profiles with them. */
    profileTitles: PlatformProfileTitles;
  };
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

/** The questionnaire's title, triad, items, reply facts and signature boxes, from the current position. */
export function drawQuestionnaire(pdf: Pdf, input: QuestionnairePdfInput): void {
  drawIntroduction(pdf, input);
  drawItems(pdf, input.view.questions);
  drawReplyFacts(pdf, input.view);
  drawSignatures(pdf, input.view.signedBy, input.signatures);
}

export type PdfPlatform = QuestionnairePdfInput['platform'];

/** A new A4 document with its drawing context; `finish` ends it and resolves the bytes. */
export function openPdf(options: {
  title: string;
  subject: string;
  platform: PdfPlatform;
  locale: 'fr' | 'en';
  model: 0 | 1;
  showMarks: boolean;
}) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: options.title, Author: options.platform.name, Subject: options.subject, Creator: options.platform.name },
  });
  const pdf: Pdf = {
    doc,
    labels: labelsFor(options.locale, options.platform.profileTitles[options.locale]),
    locale: options.locale,
    model: options.model,
    showMarks: options.showMarks,
    colors: paletteOf(options.platform.principalColor, options.platform.secondaryColor),
    current: {},
  };
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { pdf, bytes };
}

/** Runs the drawing, then ends the document; a drawing error rejects instead of hanging. */
export function finishPdf(opened: ReturnType<typeof openPdf>, draw: (pdf: Pdf) => void): Promise<Buffer> {
  try {
    draw(opened.pdf);
    opened.pdf.doc.end();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return opened.bytes;
}

/**
 * Renders a questionnaire as an A4 PDF: the platform's band and logo, the triad, every item in
 * order, the interview date and marks the view shows, and one signature box per signer.
 * Everything printed comes from the caller's view, so the document never shows more than the page.
 */
export function renderQuestionnairePdf(input: QuestionnairePdfInput): Promise<Buffer> {
  const labels = labelsFor(input.locale, input.platform.profileTitles[input.locale]);
  const kind = input.model === 0 ? labels.blankModel : labels.filledBooklet;
  const opened = openPdf({
    title: input.view.title,
    subject: kind,
    platform: input.platform,
    locale: input.locale,
    model: input.model,
    showMarks: marksVisible(input.view),
  });
  return finishPdf(opened, (pdf) => {
    pdf.doc.on('pageAdded', () =>
      drawRunningHeader(pdf, runningTitle(input.platform, `${input.view.title} - ${input.triad.apprentice ?? input.triad.trainingCourse}`)),
    );
    drawBand(pdf, {
      platformName: input.platform.name,
      logo: input.platform.logo,
      logoMime: input.platform.logoMime,
      kind,
      subtitle: input.triad.trainingCourse,
    });
    drawQuestionnaire(pdf, input);
    drawFooters(pdf, footerText(input.platform), input.generatedAt);
  });
}
