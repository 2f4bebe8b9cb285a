import { createHash, randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { FileStore } from '../services/file-store.js';

/** A file written to the store, ready to become a `files` row. */
export type DemoFile = {
  pathName: string;
  name: string;
  originalName: string;
  mimeType: string;
  size: number;
  folder: string;
  sha256: string;
};

/** Writes the bytes under a generated key (the `pathName`) and describes the row to insert. */
export async function storeDemoFile(files: FileStore, originalName: string, mimeType: string, bytes: Buffer): Promise<DemoFile> {
  const extension = originalName.split('.').pop() ?? 'bin';
  const pathName = `${randomUUID()}.${extension}`;
  await files.put(pathName, bytes);
  return {
    pathName,
    name: pathName,
    originalName,
    mimeType,
    size: bytes.length,
    folder: 'upload',
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** A small SVG logo: a rounded badge with initials, then the name when wide. */
export function renderLogoSvg(options: {
  width: number;
  height: number;
  initials: string;
  label?: string;
  color: string;
  accent: string;
}): Buffer {
  const { height, initials, label, color, accent } = options;
  const badge = Math.min(options.width, height);
  const fontSize = Math.round(height / 3);
  // Bold Arial is about 0.62 em wide per character: keep the whole label inside the picture.
  const width = label ? Math.max(options.width, Math.ceil(badge + 16 + label.length * fontSize * 0.62 + 8)) : options.width;
  const text = label
    ? `<text x="${badge + 16}" y="${height / 2 + 8}" font-family="Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="${color}">${label}</text>`
    : '';
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect x="0" y="0" width="${badge}" height="${badge}" rx="${Math.round(badge / 5)}" fill="${color}"/>`,
    `<circle cx="${badge * 0.8}" cy="${badge * 0.2}" r="${badge * 0.12}" fill="${accent}"/>`,
    `<text x="${badge / 2}" y="${badge / 2 + badge / 8}" text-anchor="middle" font-family="Arial, sans-serif" font-size="${Math.round(badge / 2.6)}" font-weight="700" fill="#ffffff">${initials}</text>`,
    text,
    '</svg>',
  ].join('');
  return Buffer.from(svg, 'utf8');
}

/** A one-page PDF with a title and paragraphs (standard Helvetica: no U+202F in the texts). */
export function renderPdf(title: string, paragraphs: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'CFA Campus Demo' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(20).text(title);
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    for (const paragraph of paragraphs) {
      doc.text(paragraph, { align: 'justify' });
      doc.moveDown(0.6);
    }
    doc.end();
  });
}
