import type { QuestionnaireView } from '@lea/shared';
import { drawHeading } from './blocks.js';
import { profileLabel } from './labels.js';
import { INK, MARGIN, type Pdf, contentWidth, ensureSpace, paragraph, style } from './layout.js';
import { formatDate, formatInstant, formatNumber, pdfText } from './pdf-text.js';

export type PdfSignature = {
  profile: number;
  signerName: string;
  signedAt: string;
  digest: string;
  impersonatorName: string | null;
  /** A signature given on a printed page (issue 20 §3): its day and who recorded it. */
  paper: { signedOn: string; recordedBy: string } | null;
};

const INTERVIEW_DATE_INDEX = 50000;
const BOX_HEIGHT = 96;
const GAP = 12;

/**
 * The interview date (unless the view already lists it as its index-50000 item) and the total
 * marks of the replies, when the view shows them.
 */
export function drawReplyFacts(pdf: Pdf, view: QuestionnaireView): void {
  const { labels } = pdf;
  const profiles = [1, 2, 3, 4];
  const hasDateItem = view.questions.some((item) => item.index === INTERVIEW_DATE_INDEX);
  if (view.useInterviewDate && !hasDateItem) {
    const label = view.interviewDateLabel ?? labels.date;
    ensureSpace(pdf, 40);
    paragraph(pdf, label, { font: 'Helvetica-Bold', size: 10.5 });
    pdf.doc.y += 3;
    for (const profile of view.interviewDateVisibleBy) {
      const date = view.lastReply[String(profile)]?.interviewDate ?? null;
      const text = pdf.model === 0 ? '__ / __ / ____' : date === null ? labels.noAnswer : formatDate(date);
      paragraph(pdf, `${profileLabel(labels, profile)} : ${text}`, {
        indent: 14,
        color: pdf.model === 0 || date === null ? INK.muted : INK.text,
      });
    }
    pdf.doc.y += 10;
  }
  if (pdf.model === 0 || !pdf.showMarks) return;
  const totals = profiles.flatMap((profile) => {
    const total = view.lastReply[String(profile)]?.totalMark;
    return total
      ? [`${profileLabel(labels, profile)} : ${formatNumber(total.mark, pdf.locale)} / ${formatNumber(total.maximalMark, pdf.locale)}`]
      : [];
  });
  if (totals.length === 0) return;
  ensureSpace(pdf, 40);
  paragraph(pdf, labels.totalMark, { font: 'Helvetica-Bold', size: 10.5 });
  pdf.doc.y += 3;
  for (const total of totals) paragraph(pdf, total, { indent: 14, font: 'Helvetica-Bold', color: pdf.colors.heading });
  pdf.doc.y += 10;
}

function drawSignatureBox(pdf: Pdf, profile: number, signature: PdfSignature | undefined, x: number, y: number, width: number): void {
  const { doc, labels, colors } = pdf;
  const signed = pdf.model === 1 && signature !== undefined;
  doc
    .save()
    .roundedRect(x, y, width, BOX_HEIGHT, 5)
    .lineWidth(0.8)
    .strokeColor(signed ? colors.principal : INK.line)
    .stroke()
    .restore();
  doc
    .save()
    .roundedRect(x, y, width, 20, 5)
    .fill(signed ? colors.principal : INK.soft)
    .restore();
  doc
    .save()
    .rect(x, y + 12, width, 8)
    .fill(signed ? colors.principal : INK.soft)
    .restore();
  const inner = { x: x + 9, width: width - 18 };
  style(pdf, { font: 'Helvetica-Bold', size: 9, color: signed ? colors.onPrincipal : INK.text }).text(
    pdfText(profileLabel(labels, profile)),
    inner.x,
    y + 6,
    { width: inner.width, lineBreak: false, ellipsis: true },
  );
  doc.x = inner.x;
  doc.y = y + 28;
  if (pdf.model === 0) {
    [labels.name, labels.date, labels.signature].forEach((label, row) => {
      const top = y + 30 + row * 20;
      style(pdf, { size: 8.5, color: INK.muted }).text(pdfText(`${label} :`), inner.x, top, { lineBreak: false });
      if (row < 2) {
        doc
          .save()
          .moveTo(inner.x + 48, top + 9)
          .lineTo(inner.x + inner.width, top + 9)
          .lineWidth(0.6)
          .dash(1, { space: 2 })
          .strokeColor(INK.muted)
          .stroke()
          .undash()
          .restore();
      }
    });
    return;
  }
  if (!signature) {
    style(pdf, { font: 'Helvetica-Oblique', size: 10, color: INK.muted }).text(pdfText(labels.notSigned), inner.x, y + 50, {
      width: inner.width,
      align: 'center',
    });
    return;
  }
  style(pdf, { font: 'Helvetica-Bold', size: 10 }).text(pdfText(signature.signerName), inner.x, doc.y, {
    width: inner.width,
    lineBreak: false,
    ellipsis: true,
  });
  if (signature.paper) {
    const { signedOn, recordedBy } = signature.paper;
    style(pdf, { size: 8.5, color: INK.text }).text(pdfText(labels.signedOnPaper(formatDate(signedOn))), inner.x, doc.y + 2, {
      width: inner.width,
    });
    style(pdf, { font: 'Helvetica-Oblique', size: 8, color: INK.muted }).text(
      pdfText(labels.paperRecordedBy(recordedBy, formatInstant(signature.signedAt))),
      inner.x,
      doc.y + 1,
      { width: inner.width },
    );
  } else {
    const when = `${labels.signedElectronically} ${labels.signedOn} ${formatInstant(signature.signedAt)}`;
    style(pdf, { size: 8.5, color: INK.text }).text(pdfText(when), inner.x, doc.y + 2, { width: inner.width });
  }
  if (signature.impersonatorName) {
    style(pdf, { font: 'Helvetica-Oblique', size: 8, color: INK.muted }).text(
      pdfText(`(${labels.onBehalf} ${signature.impersonatorName})`),
      inner.x,
      doc.y + 1,
      { width: inner.width, lineBreak: false, ellipsis: true },
    );
  }
  style(pdf, { font: 'Courier', size: 7.5, color: INK.muted }).text(
    `${labels.digest} : ${signature.digest.slice(0, 16)}…`,
    inner.x,
    y + BOX_HEIGHT - 16,
    { width: inner.width, lineBreak: false },
  );
}

/** One box per signer profile: the blank model leaves name, date and signature to fill in. */
export function drawSignatures(pdf: Pdf, signedBy: number[], signatures: PdfSignature[]): void {
  const { doc, labels } = pdf;
  if (signedBy.length === 0) return;
  drawHeading(pdf, labels.signatures, BOX_HEIGHT);
  const perRow = signedBy.length === 4 ? 2 : Math.min(signedBy.length, 3);
  const width = (contentWidth(doc) - GAP * (perRow - 1)) / perRow;
  const ordered = [...signedBy].sort((a, b) => a - b);
  for (let start = 0; start < ordered.length; start += perRow) {
    ensureSpace(pdf, BOX_HEIGHT + GAP);
    const top = doc.y;
    ordered.slice(start, start + perRow).forEach((profile, column) => {
      const signature = signatures.find((entry) => entry.profile === profile);
      drawSignatureBox(pdf, profile, signature, MARGIN.left + column * (width + GAP), top, width);
    });
    doc.x = MARGIN.left;
    doc.y = top + BOX_HEIGHT + GAP;
  }
}
