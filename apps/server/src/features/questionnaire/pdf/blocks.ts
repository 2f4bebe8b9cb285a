import type { QuestionItem } from '@lea/shared';
import { INK, MARGIN, type Pdf, contentWidth, ensureSpace, paragraph } from './layout.js';

export const INDENT = 14;
export const LINE = 18;

/** Dotted writing lines for the blank model. */
export function drawBlankLines(pdf: Pdf, count: number, indent = INDENT, width?: number): void {
  const { doc } = pdf;
  for (let line = 0; line < count; line += 1) {
    ensureSpace(pdf, LINE);
    const y = doc.y + LINE - 4;
    const x = MARGIN.left + indent;
    doc
      .save()
      .moveTo(x, y)
      .lineTo(x + (width ?? contentWidth(doc) - indent), y)
      .lineWidth(0.6)
      .dash(1, { space: 2 })
      .strokeColor(INK.muted)
      .stroke()
      .undash()
      .restore();
    doc.y += LINE;
  }
  doc.x = MARGIN.left;
}

/** The question line (numbered) and its tip. */
export function drawQuestionTitle(pdf: Pdf, item: QuestionItem, number: number): void {
  ensureSpace(pdf, 56);
  paragraph(pdf, `${number}. ${item.title}${item.required ? ' *' : ''}`, { font: 'Helvetica-Bold', size: 10.5 });
  if (item.tipActive && item.tip) {
    pdf.doc.y += 1;
    paragraph(pdf, item.tip, { font: 'Helvetica-Oblique', size: 8.5, color: INK.muted, indent: INDENT });
  }
  pdf.doc.y += 5;
}

/** A section heading in the heading colour, underlined, with room for `reserve` points after it. */
export function drawHeading(pdf: Pdf, title: string, reserve: number): void {
  const { doc, colors } = pdf;
  ensureSpace(pdf, reserve + 40);
  doc.y += 6;
  paragraph(pdf, title, { font: 'Helvetica-Bold', size: 13, color: colors.heading });
  const y = doc.y + 3;
  doc
    .save()
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + contentWidth(doc), y)
    .lineWidth(0.8)
    .strokeColor(colors.principal)
    .stroke()
    .restore();
  doc
    .save()
    .rect(MARGIN.left, y - 1, 48, 3)
    .fill(colors.secondary)
    .restore();
  doc.y = y + 12;
}
