import { labelsFor, profileLabel } from './labels.js';
import { type PdfPlatform, type QuestionnairePdfInput, drawQuestionnaire, finishPdf, footerText, openPdf, runningTitle } from './index.js';
import { type Pdf, drawBand, drawFooters, drawInfoGrid, drawRunningHeader, marksVisible, paragraph } from './layout.js';
import { formatDate } from './pdf-text.js';

export type BookletContract = {
  type: string | null;
  company: string | null;
  siretNumber: string | null;
  address: string | null;
  startDate: string;
  endDate: string | null;
  ruptureDate: string | null;
};

export type BookletCover = {
  platform: PdfPlatform;
  trainingCourse: string;
  crew: string | null;
  /** [profile number, full name] of the members present. */
  members: [number, string][];
  contract: BookletContract | null;
  generatedAt: Date;
  locale: 'fr' | 'en';
};

function drawCover(pdf: Pdf, cover: BookletCover, titles: string[]): void {
  const { t } = pdf.labels;
  const none = pdf.labels.notSet;
  paragraph(pdf, cover.trainingCourse, { font: 'Helvetica-Bold', size: 22, color: pdf.colors.heading });
  pdf.doc.y += 12;
  const coverText = cover.platform.template?.coverText;
  if (coverText) {
    paragraph(pdf, coverText, { size: 11 });
    pdf.doc.y += 12;
  }
  paragraph(pdf, t('pdf.members'), { font: 'Helvetica-Bold', size: 13, color: pdf.colors.heading });
  pdf.doc.y += 6;
  drawInfoGrid(pdf, [
    [pdf.labels.crew, cover.crew ?? none],
    ...cover.members.map(([profile, name]): [string, string] => [profileLabel(pdf.labels, profile), name]),
  ]);
  paragraph(pdf, t('pdf.contract'), { font: 'Helvetica-Bold', size: 13, color: pdf.colors.heading });
  pdf.doc.y += 6;
  const { contract } = cover;
  if (contract === null) {
    paragraph(pdf, t('pdf.noContract'), { size: 10 });
    pdf.doc.y += 14;
  } else {
    const day = (value: string | null) => (value === null ? none : formatDate(value));
    drawInfoGrid(pdf, [
      [t('pdf.contractType'), contract.type ?? none],
      [t('pdf.company'), contract.company ?? none],
      [t('pdf.siret'), contract.siretNumber ?? none],
      [t('pdf.address'), contract.address ?? none],
      [t('pdf.from'), day(contract.startDate)],
      [t('pdf.to'), day(contract.endDate)],
      ...(contract.ruptureDate === null ? [] : [[t('pdf.rupture'), day(contract.ruptureDate)] as [string, string]]),
    ]);
  }
  paragraph(pdf, t('pdf.contents'), { font: 'Helvetica-Bold', size: 13, color: pdf.colors.heading });
  pdf.doc.y += 6;
  paragraph(pdf, titles.length === 0 ? t('pdf.noSigned') : titles.map((title) => `- ${title}`).join('\n'), { size: 10, gap: 3 });
}

/**
 * The whole booklet as one A4 document: a cover (platform, course, members, contract), then every
 * questionnaire drawn by the questionnaire PDF's own functions, each starting on a new page.
 */
export function renderBookletPdf(cover: BookletCover, inputs: QuestionnairePdfInput[]): Promise<Buffer> {
  const labels = labelsFor(cover.locale, cover.platform.profileTitles[cover.locale]);
  const opened = openPdf({
    title: `${labels.filledBooklet} - ${cover.trainingCourse}`,
    subject: labels.filledBooklet,
    platform: cover.platform,
    locale: cover.locale,
    model: 1,
    showMarks: false,
  });
  return finishPdf(opened, (pdf) => {
    // The running header names the questionnaire being printed, so it follows the loop below.
    let running = cover.trainingCourse;
    pdf.doc.on('pageAdded', () => drawRunningHeader(pdf, runningTitle(cover.platform, running)));
    drawBand(pdf, {
      platformName: cover.platform.name,
      logo: cover.platform.logo,
      logoMime: cover.platform.logoMime,
      kind: labels.filledBooklet,
      subtitle: cover.trainingCourse,
    });
    drawCover(
      pdf,
      cover,
      inputs.map((input) => input.view.title),
    );
    for (const input of inputs) {
      running = `${input.view.title} - ${input.triad.apprentice ?? cover.trainingCourse}`;
      pdf.showMarks = marksVisible(input.view);
      pdf.doc.addPage();
      drawQuestionnaire(pdf, input);
    }
    drawFooters(pdf, footerText(cover.platform), cover.generatedAt);
  });
}
