import type PDFDocument from 'pdfkit';
import type { QuestionnaireView } from '@lea/shared';
import type { PdfLabels } from './labels.js';
import { formatInstant, pdfText } from './pdf-text.js';

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** What every drawing function needs: the document, the words, the colours and what to print. */
export type Pdf = {
  doc: PdfDoc;
  labels: PdfLabels;
  locale: 'fr' | 'en';
  /** 0 blank model, 1 filled booklet. */
  model: 0 | 1;
  showMarks: boolean;
  colors: { principal: string; secondary: string; onPrincipal: string; heading: string };
  /** The style of the text being written: restored after the running header of a page break. */
  current: TextStyle;
};

export const MARGIN = { top: 56, bottom: 64, left: 50, right: 50 };
export const INK = { text: '#1f2933', muted: '#6b7280', line: '#d3d8de', soft: '#f3f5f7' };
const BAND_HEIGHT = 92;
const FALLBACK_COLOR = '#1f4e79';

/** A CSS hex colour as #rrggbb, or the fallback when the platform's value is not one. */
export function hexColor(value: string, fallback = FALLBACK_COLOR): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim());
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : fallback;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Colours derived from the platform's: text on the band stays readable whatever the brand colour. */
export function paletteOf(principal: string, secondary: string): Pdf['colors'] {
  const main = hexColor(principal);
  const light = luminance(main) > 0.45;
  return {
    principal: main,
    secondary: hexColor(secondary, main),
    onPrincipal: light ? INK.text : '#ffffff',
    heading: light ? INK.text : main,
  };
}

export const contentWidth = (doc: PdfDoc) => doc.page.width - MARGIN.left - MARGIN.right;
export const pageBottom = (doc: PdfDoc) => doc.page.height - MARGIN.bottom;

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.doc.y + height > pageBottom(pdf.doc)) pdf.doc.addPage();
}

export type TextStyle = {
  font?: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique' | 'Helvetica-BoldOblique' | 'Courier';
  size?: number;
  color?: string;
};

/** Sets the font, size and colour, and returns the document for chaining. */
export function style(pdf: Pdf, { font = 'Helvetica', size = 10, color = INK.text }: TextStyle): PdfDoc {
  pdf.current = { font, size, color };
  return pdf.doc.font(font).fontSize(size).fillColor(color);
}

/** Writes a paragraph at the left margin (plus `indent`), wrapped to the content width. */
export function paragraph(pdf: Pdf, text: string, textStyle: TextStyle & { indent?: number; gap?: number } = {}): void {
  const indent = textStyle.indent ?? 0;
  style(pdf, textStyle).text(pdfText(text), MARGIN.left + indent, pdf.doc.y, {
    width: contentWidth(pdf.doc) - indent,
    lineGap: textStyle.gap ?? 1.5,
  });
}

/** The height `text` takes in the given style and width. */
export function heightOf(pdf: Pdf, text: string, width: number, textStyle: TextStyle = {}): number {
  style(pdf, textStyle);
  return pdf.doc.heightOfString(pdfText(text), { width, lineGap: 1.5 });
}

export type HeaderInfo = { platformName: string; logo: Buffer | null; logoMime: string | null; kind: string; subtitle: string };

/** The first page's band in the principal colour, with the logo (PNG/JPEG) or the platform's name. */
export function drawBand(pdf: Pdf, header: HeaderInfo): void {
  const { doc, colors } = pdf;
  doc.save().rect(0, 0, doc.page.width, BAND_HEIGHT).fill(colors.principal).restore();
  doc.save().rect(0, BAND_HEIGHT, doc.page.width, 4).fill(colors.secondary).restore();
  const embeddable = header.logo !== null && (header.logoMime === 'image/png' || header.logoMime === 'image/jpeg');
  let logoDrawn = false;
  if (embeddable && header.logo) {
    try {
      doc.save().roundedRect(MARGIN.left, 16, 170, 60, 6).fill('#ffffff').restore();
      doc.image(header.logo, MARGIN.left + 8, 22, { fit: [154, 48], align: 'center', valign: 'center' });
      logoDrawn = true;
    } catch {
      // A corrupt or unsupported image must not cost the user their booklet: print the name.
      doc.save().rect(MARGIN.left, 16, 170, 60).fill(colors.principal).restore();
    }
  }
  if (!logoDrawn) {
    style(pdf, { font: 'Helvetica-Bold', size: 20, color: colors.onPrincipal }).text(pdfText(header.platformName), MARGIN.left, 34, {
      width: contentWidth(doc) * 0.6,
      height: 48,
      ellipsis: true,
      lineBreak: false,
    });
  }
  style(pdf, { font: 'Helvetica-Bold', size: 9, color: colors.onPrincipal }).text(pdfText(header.kind.toUpperCase()), MARGIN.left, 30, {
    width: contentWidth(doc),
    align: 'right',
  });
  style(pdf, { size: 9, color: colors.onPrincipal }).text(pdfText(header.subtitle), MARGIN.left, 46, {
    width: contentWidth(doc),
    align: 'right',
  });
  doc.x = MARGIN.left;
  doc.y = BAND_HEIGHT + 26;
}

/** The thin colour rule and running title at the top of the following pages. */
export function drawRunningHeader(pdf: Pdf, title: string): void {
  const { doc } = pdf;
  const writing = pdf.current;
  doc.save().rect(0, 0, doc.page.width, 5).fill(pdf.colors.principal).restore();
  style(pdf, { size: 8, color: INK.muted }).text(pdfText(title), MARGIN.left, 24, {
    width: contentWidth(doc),
    lineBreak: false,
    ellipsis: true,
  });
  style(pdf, writing);
  doc.y = MARGIN.top;
}

/** A grid of label/value pairs on a soft background (course, triad, year…). */
export function drawInfoGrid(pdf: Pdf, entries: [string, string][]): void {
  const { doc } = pdf;
  const columns = 2;
  const width = contentWidth(doc);
  const cellWidth = (width - 24) / columns;
  const rows = Math.ceil(entries.length / columns);
  const rowHeight = 30;
  const top = doc.y;
  doc
    .save()
    .roundedRect(MARGIN.left, top, width, rows * rowHeight + 16, 6)
    .fill(INK.soft)
    .restore();
  entries.forEach(([label, value], index) => {
    const x = MARGIN.left + 12 + (index % columns) * cellWidth;
    const y = top + 10 + Math.floor(index / columns) * rowHeight;
    style(pdf, { font: 'Helvetica-Bold', size: 7, color: INK.muted }).text(pdfText(label.toUpperCase()), x, y, {
      width: cellWidth - 10,
      lineBreak: false,
    });
    style(pdf, { size: 10 }).text(pdfText(value), x, y + 10, { width: cellWidth - 10, lineBreak: false, ellipsis: true });
  });
  doc.x = MARGIN.left;
  doc.y = top + rows * rowHeight + 28;
}

/** Page numbers, generation date and platform on every page, once the page count is known. */
export function drawFooters(pdf: Pdf, platformName: string, generatedAt: Date): void {
  const { doc, labels } = pdf;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    doc
      .save()
      .moveTo(MARGIN.left, y - 8)
      .lineTo(doc.page.width - MARGIN.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(INK.line)
      .stroke()
      .restore();
    const width = contentWidth(doc);
    style(pdf, { size: 8, color: INK.muted }).text(pdfText(platformName), MARGIN.left, y, {
      width: width / 3,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(pdfText(labels.generatedOn(formatInstant(generatedAt))), MARGIN.left + width / 4, y, {
      width: width / 2,
      align: 'center',
      lineBreak: false,
    });
    doc.text(labels.page(index - range.start + 1, range.count), MARGIN.left + (2 * width) / 3, y, {
      width: width / 3,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Whether the view lets its caller see marks: the marks' audience, or a manager. */
export function marksVisible(view: QuestionnaireView): boolean {
  return view.userCanManage || view.userProfile === 4 || (view.userProfile !== null && view.marksVisibleBy.includes(view.userProfile));
}
