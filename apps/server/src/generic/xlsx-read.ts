import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_LINES, IMPORT_MAX_UNZIPPED_BYTES } from '@lea/shared';
import { isLegacyWorkbook, readLegacySheet } from './xls-read.js';
import { readZipDirectory, readZipEntry, withinLimits, type ZipEntry, type ZipLimits } from './zip-archive.js';

/**
 * What an import file may declare (decision 019): checked from its zip directory before anything
 * is inflated. A workbook saved by Excel or LibreOffice holds a dozen parts compressed 5 to 20
 * times; the ratio follows Apache POI's zip-bomb rule.
 */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalSize: IMPORT_MAX_UNZIPPED_BYTES,
  maxRatio: 100,
  ratioGraceSize: 100 * 1024,
};
/** Columns an import reads; cells further right are ignored (import files have a few dozen). */
export const IMPORT_MAX_COLUMNS = 100;
/** Rows parsed between two turns given back to the event loop, so that other requests are answered meanwhile. */
const ROWS_PER_TURN = 200;

export type SheetRow = { line: number; cells: string[] };
export type SheetRead = { ok: true; rows: SheetRow[] } | { ok: false; refusal: 'format' | 'tooLarge' | 'tooLong' };

/** A cell as the text a person typed: hyperlinks (e-mails Excel turned into links), rich text and formula results included. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

const attributePattern = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes (namespace prefixes dropped) of every `tag` element of a small XML part. */
function elementsOf(xml: string, tag: string): Map<string, string>[] {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${tag}\\b([^>]*)>`, 'g'))].map(
    (element) =>
      new Map(
        [...element[1]!.matchAll(attributePattern)].map(([, name, double, single]) => [
          name!.replace(/^[\w.-]+:/, ''),
          double ?? single ?? '',
        ]),
      ),
  );
}

async function entryText(bytes: Buffer, entry: ZipEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of readZipEntry(bytes, entry)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** A part of the archive handed to exceljs: stored, so that exceljs inflates nothing itself. */
type Part = { name: string; size: number; crc: number; chunks: () => AsyncIterable<Buffer> };

const fromEntry = (bytes: Buffer, entry: ZipEntry, name = entry.name): Part => ({
  name,
  size: entry.size,
  crc: entry.crc,
  chunks: () => readZipEntry(bytes, entry),
});
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

/**
 * The parts exceljs needs to read the first tab, in the order that lets it stream that sheet: the
 * workbook, its relationships, the shared strings (an empty table when the file has none, or
 * exceljs would copy the sheet to a temporary file to wait for them), the styles (dates), the sheet.
 */
async function firstSheetParts(bytes: Buffer, entries: readonly ZipEntry[]): Promise<Part[] | null> {
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, ''), entry]));
  const workbook = byName.get('xl/workbook.xml');
  const relations = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) return null;
  const sheetRelation = elementsOf(await entryText(bytes, workbook), 'sheet')[0]?.get('id');
  const target = elementsOf(await entryText(bytes, relations), 'Relationship')
    .find((relation) => relation.get('Id') === sheetRelation)
    ?.get('Target');
  const sheet = target && byName.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  if (!sheet) return null;
  const sharedStrings = byName.get('xl/sharedStrings.xml');
  const styles = byName.get('xl/styles.xml');
  return [
    fromEntry(bytes, relations),
    fromEntry(bytes, workbook),
    sharedStrings
      ? fromEntry(bytes, sharedStrings)
      : {
          name: 'xl/sharedStrings.xml',
          size: EMPTY_SHARED_STRINGS.length,
          crc: crc32(EMPTY_SHARED_STRINGS),
          chunks: async function* () {
            yield EMPTY_SHARED_STRINGS;
          },
        },
    ...(styles ? [fromEntry(bytes, styles)] : []),
    // exceljs recognises sheets by this name only.
    fromEntry(bytes, sheet, 'xl/worksheets/sheet1.xml'),
  ];
}

/** A local file header (APPNOTE 4.3.7) of a stored part: exceljs's unzipper reads parts in stream order. */
function storedHeader(part: Part): Buffer {
  const name = Buffer.from(part.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(part.size, 18);
  header.writeUInt32LE(part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

async function* storedArchive(parts: Part[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    yield storedHeader(part);
    yield* part.chunks();
  }
}

/** Reads rows up to the line limit, giving the event loop a turn every few hundred rows. */
async function collectRows(reader: ExcelJS.stream.xlsx.WorkbookReader): Promise<SheetRead> {
  for await (const worksheet of reader) {
    const rows: SheetRow[] = [];
    let parsed = 0;
    for await (const row of worksheet) {
      // A row's number is its r attribute, which Excel and LibreOffice always write: the report needs it.
      if (!Number.isSafeInteger(row.number)) return { ok: false, refusal: 'format' };
      const cells: string[] = [];
      row.eachCell((cell, column) => {
        if (column <= IMPORT_MAX_COLUMNS) cells[column - 1] = cellText(cell.value);
      });
      const texts = Array.from(cells, (cell) => cell ?? '');
      if (texts.some((text) => text !== '')) {
        // The header and IMPORT_MAX_LINES lines are in: one more line is one too many.
        if (rows.length > IMPORT_MAX_LINES) return { ok: false, refusal: 'tooLong' };
        rows.push({ line: row.number, cells: texts });
      }
      if (++parsed % ROWS_PER_TURN === 0) await nextTurn();
    }
    return { ok: true, rows };
  }
  return { ok: false, refusal: 'format' };
}

/**
 * The first tab of an xlsx as text rows with their spreadsheet line numbers (the header is line 1;
 * empty lines skipped). The archive is checked against XLSX_LIMITS from its directory, then the
 * sheet is streamed: memory stays within the limits and the event loop keeps turning, whatever
 * the file claims or holds.
 */
export async function readFirstSheet(bytes: Buffer): Promise<SheetRead> {
  if (isLegacyWorkbook(bytes)) return readLegacySheet(bytes);
  const entries = readZipDirectory(bytes);
  if (!entries) return { ok: false, refusal: 'format' };
  if (!withinLimits(entries, XLSX_LIMITS)) return { ok: false, refusal: 'tooLarge' };
  let source: Readable | null = null;
  try {
    const parts = await firstSheetParts(bytes, entries);
    if (!parts) return { ok: false, refusal: 'format' };
    source = Readable.from(storedArchive(parts));
    // exceljs pipes the source into its unzipper, and a pipe does not pass errors on: an entry that
    // breaks its declared size would leave exceljs waiting for bytes that never come.
    const broken = new Promise<never>((_, reject) => source!.once('error', reject));
    broken.catch(() => undefined);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    return await Promise.race([collectRows(reader), broken]);
  } catch {
    // A ZipError, or exceljs failing on what it was given: either way not a workbook it can read.
    return { ok: false, refusal: 'format' };
  } finally {
    source?.destroy();
  }
}
