import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One entry of a hand-written zip: its deflated bytes and what the directory declares of it. */
export type ZipPart = { name: string; data: Buffer; size: number; crc: number };

/**
 * A zip archive (PKWARE APPNOTE 4.3) of deflated parts, written by hand so that a test controls
 * every byte: sizes as large as it likes, or declared smaller than they are.
 */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Deflates text chunk by chunk, so that hundreds of MiB of XML never sit in memory at once. */
export async function deflatePart(name: string, chunks: Iterable<string>): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { name, data: Buffer.concat(out), size, crc };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const letter = (index: number) => String.fromCharCode(65 + index);

/** The header row of the triad import file (docs/api/manager.md). */
export const TRIAD_HEADERS = [
  'Groupe',
  'Nom apprenti',
  'Prénom apprenti',
  'Email apprenti',
  'Nom tuteur',
  'Prénom tuteur',
  'Email tuteur',
  "Nom maître d'apprentissage",
  "Prénom maître d'apprentissage",
  "Email maître d'apprentissage",
  'Nom dirigeant',
  'Prénom dirigeant',
  'Email dirigeant',
  'Active (oui/non)',
];

/** A valid line of the triad file, of new people only (tagged, so that files do not collide): 50 tutors and 10 masters. */
export const triadLine = (tag: string) => (index: number) => [
  `Promotion ${tag} ${index % 4}`,
  `Apprenti${index}`,
  tag,
  `apprenti.${tag}${index}@example.org`,
  `Tuteur${index % 50}`,
  tag,
  `tuteur.${tag}${index % 50}@example.org`,
  `Maitre${index % 10}`,
  tag,
  `maitre.${tag}${index % 10}@example.org`,
  '',
  '',
  '',
  'oui',
];

/** Sheet XML rows with their real numbers (exceljs needs them), batched into large strings; `ending` closes the sheet. */
export function* sheetXml(
  header: string[],
  lineCount: number,
  line: (index: number) => string[],
  ending = '</sheetData></worksheet>',
): Generator<string> {
  const row = (number: number, cells: string[]) =>
    `<row r="${number}">${cells.map((cell, column) => `<c r="${letter(column)}${number}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join('')}</row>`;
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetData>${row(1, header)}`;
  let batch = '';
  for (let index = 0; index < lineCount; index++) {
    batch += row(index + 2, line(index));
    if (batch.length > 1 << 20) {
      yield batch;
      batch = '';
    }
  }
  yield batch + ending;
}

/** A workbook whose one tab is `sheet` (a part named xl/worksheets/sheet1.xml), with the parts that every xlsx has. */
export async function workbookWith(sheet: ZipPart): Promise<Buffer> {
  const small = (name: string, text: string) => deflatePart(name, [XML + text]);
  return zipOf([
    await small(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    await small(
      '_rels/.rels',
      `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    await small(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><sheets><sheet name="Trinômes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await small(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ]);
}

/**
 * A one-sheet workbook of a header and `lineCount` generated lines, written as a stream: the way to
 * build files of hundreds of MiB once unzipped (the zip bomb of the security audit) in a test. An
 * `ending` other than the sheet's closing tags leaves the XML broken after the lines.
 */
export async function streamedWorkbook(
  header: string[],
  lineCount: number,
  line: (index: number) => string[],
  ending?: string,
): Promise<Buffer> {
  return workbookWith(await deflatePart('xl/worksheets/sheet1.xml', sheetXml(header, lineCount, line, ending)));
}
