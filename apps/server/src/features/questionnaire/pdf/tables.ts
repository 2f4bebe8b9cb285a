import { INK, MARGIN, type Pdf, contentWidth, heightOf, pageBottom, style } from './layout.js';
import { pdfText } from './pdf-text.js';

/** A table cell: text, or a tick (with an optional caption, e.g. the profiles that chose it). */
export type Cell = { text: string; bold?: boolean; muted?: boolean; tick?: boolean; align?: 'left' | 'center' | 'right' };
export type Column = { header: string; weight: number; align?: 'left' | 'center' | 'right' };

const PAD = 5;
const FONT_SIZE = 9;

/** A tick mark drawn as a path: the standard fonts have no check glyph. */
export function drawTick(pdf: Pdf, x: number, y: number, size: number, color: string): void {
  pdf.doc
    .save()
    .moveTo(x, y + size * 0.55)
    .lineTo(x + size * 0.38, y + size * 0.9)
    .lineTo(x + size, y + size * 0.1)
    .lineWidth(Math.max(1.2, size / 6))
    .lineCap('round')
    .lineJoin('round')
    .strokeColor(color)
    .stroke()
    .restore();
}

function columnWidths(pdf: Pdf, columns: Column[]): number[] {
  const total = columns.reduce((sum, column) => sum + column.weight, 0);
  return columns.map((column) => (contentWidth(pdf.doc) * column.weight) / total);
}

function cellHeight(pdf: Pdf, cell: Cell, width: number): number {
  const textHeight =
    cell.text === ''
      ? 0
      : heightOf(pdf, cell.text, width - 2 * PAD, { size: FONT_SIZE, font: cell.bold === true ? 'Helvetica-Bold' : 'Helvetica' });
  return Math.max(textHeight, cell.tick === true ? 10 : 0) + 2 * PAD;
}

function headerHeight(pdf: Pdf, columns: Column[], widths: number[]): number {
  return (
    Math.max(
      ...columns.map((column, index) => heightOf(pdf, column.header, (widths[index] ?? 0) - 2 * PAD, { size: 8, font: 'Helvetica-Bold' })),
    ) +
    2 * PAD
  );
}

function drawHeader(pdf: Pdf, columns: Column[], widths: number[]): void {
  const { doc } = pdf;
  const height = headerHeight(pdf, columns, widths);
  const top = doc.y;
  doc.save().rect(MARGIN.left, top, contentWidth(doc), height).fill(pdf.colors.principal).restore();
  let x = MARGIN.left;
  columns.forEach((column, index) => {
    const width = widths[index] ?? 0;
    style(pdf, { font: 'Helvetica-Bold', size: 8, color: pdf.colors.onPrincipal }).text(pdfText(column.header), x + PAD, top + PAD, {
      width: width - 2 * PAD,
      align: column.align ?? 'left',
      lineGap: 1.5,
    });
    x += width;
  });
  doc.y = top + height;
}

/**
 * Draws a bordered table with a coloured header row, repeated at the top of each page the
 * table runs onto; a row is never split across pages.
 */
export function drawTable(pdf: Pdf, columns: Column[], rows: Cell[][], minRowHeight = 0): void {
  const { doc } = pdf;
  const widths = columnWidths(pdf, columns);
  const firstRowHeight = rows[0] ? Math.max(minRowHeight, ...rows[0].map((cell, i) => cellHeight(pdf, cell, widths[i] ?? 0))) : 0;
  if (doc.y + headerHeight(pdf, columns, widths) + firstRowHeight > pageBottom(doc)) doc.addPage();
  drawHeader(pdf, columns, widths);
  rows.forEach((row, rowIndex) => {
    const height = Math.max(minRowHeight, ...row.map((cell, i) => cellHeight(pdf, cell, widths[i] ?? 0)));
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      drawHeader(pdf, columns, widths);
    }
    const top = doc.y;
    if (rowIndex % 2 === 1) doc.save().rect(MARGIN.left, top, contentWidth(doc), height).fill(INK.soft).restore();
    let x = MARGIN.left;
    row.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      const align = cell.align ?? columns[index]?.align ?? 'left';
      if (cell.tick === true) {
        const captionWidth = cell.text === '' ? 0 : doc.font('Helvetica-Bold').fontSize(7).widthOfString(pdfText(cell.text)) + 3;
        const start = x + (width - 10 - captionWidth) / 2;
        drawTick(pdf, start, top + PAD, 10, pdf.colors.heading);
        if (captionWidth > 0)
          style(pdf, { font: 'Helvetica-Bold', size: 7, color: pdf.colors.heading }).text(pdfText(cell.text), start + 13, top + PAD + 2, {
            lineBreak: false,
          });
      } else if (cell.text !== '') {
        style(pdf, {
          font: cell.bold === true ? 'Helvetica-Bold' : 'Helvetica',
          size: FONT_SIZE,
          color: cell.muted === true ? INK.muted : INK.text,
        }).text(pdfText(cell.text), x + PAD, top + PAD, { width: width - 2 * PAD, align, lineGap: 1.5 });
      }
      x += width;
    });
    doc.save().lineWidth(0.5).strokeColor(INK.line);
    doc.rect(MARGIN.left, top, contentWidth(doc), height).stroke();
    let edge = MARGIN.left;
    for (const width of widths.slice(0, -1)) {
      edge += width;
      doc
        .moveTo(edge, top)
        .lineTo(edge, top + height)
        .stroke();
    }
    doc.restore();
    doc.y = top + height;
  });
  doc.x = MARGIN.left;
  doc.y += 10;
}
