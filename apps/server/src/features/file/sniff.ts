import { ALLOWED_FILE_EXTENSIONS, fileExtension, type LOGO_FILE_EXTENSIONS, type RNCP_FILE_EXTENSIONS } from '@lea/shared';

export type AllowedExtension =
  (typeof ALLOWED_FILE_EXTENSIONS)[number] | (typeof LOGO_FILE_EXTENSIONS)[number] | (typeof RNCP_FILE_EXTENSIONS)[number];

export const MIME_TYPES: Record<AllowedExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  // Stored and served as plain text: an XML document shown inline could run script.
  xml: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  gif: 'image/gif',
  png: 'image/png',
};

const startsWith = (bytes: Buffer, signature: number[] | string) =>
  bytes.subarray(0, signature.length).equals(typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Office Open XML packages name their parts in clear in the zip headers: `word/…` or `xl/…`. */
const isOfficeZip = (bytes: Buffer, part: string) => startsWith(bytes, ZIP) && bytes.includes(part, 0, 'latin1');
const isText = (bytes: Buffer) => !bytes.includes(0);

/** Text with an <svg> element; what it may contain is DOMPurify's business (svg.ts), not a pattern's. */
const isSvgText = (bytes: Buffer) => isText(bytes) && /<svg[\s>]/i.test(bytes.toString('utf8'));

/** What the bytes of each allowed extension must look like (magic bytes, or safe text). */
const CONTENT_MATCHES: Record<AllowedExtension, (bytes: Buffer) => boolean> = {
  pdf: (bytes) => startsWith(bytes, '%PDF-'),
  png: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  jpeg: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  gif: (bytes) => startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a'),
  bmp: (bytes) => startsWith(bytes, 'BM') && bytes.length >= 26,
  docx: (bytes) => isOfficeZip(bytes, 'word/'),
  xlsx: (bytes) => isOfficeZip(bytes, 'xl/'),
  doc: (bytes) => startsWith(bytes, OLE),
  xls: (bytes) => startsWith(bytes, OLE),
  svg: isSvgText,
  csv: isText,
  xml: (bytes) => isText(bytes) && /^(\uFEFF)?\s*<\?xml|^(\uFEFF)?\s*<[A-Za-z]/.test(bytes.toString('utf8', 0, 200)),
};

export type ContentCheck = { ok: true; extension: AllowedExtension; mimeType: string } | { ok: false };

/**
 * Accepts a file when its extension is allowed (and in `allowed`, when given) and its bytes are
 * of that extension's kind: a renamed executable or a PNG named .pdf is refused.
 */
export function checkFileContent(
  originalName: string,
  bytes: Buffer,
  allowed: readonly AllowedExtension[] = ALLOWED_FILE_EXTENSIONS,
): ContentCheck {
  const extension = fileExtension(originalName) as AllowedExtension;
  if (!allowed.includes(extension) || bytes.length === 0) return { ok: false };
  return CONTENT_MATCHES[extension](bytes) ? { ok: true, extension, mimeType: MIME_TYPES[extension] } : { ok: false };
}

/** Decodes base64 (standard or URL-safe, with or without a data: prefix); null when it is not base64. */
export function decodeBase64(data: string): Buffer | null {
  const clean = data.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  return Buffer.from(clean, 'base64');
}
