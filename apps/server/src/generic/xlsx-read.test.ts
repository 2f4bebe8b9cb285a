import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_COLUMNS, XLSX_LIMITS, readFirstSheet } from './xlsx-read.js';
import { TRIAD_HEADERS, deflatePart, sheetXml, triadLine, workbookWith, zipOf, type ZipPart } from './xlsx-test-files.js';

const MiB = 1024 * 1024;
const refusal = async (bytes: Buffer) => {
  const read = await readFirstSheet(bytes);
  return read.ok ? 'read' : read.refusal;
};

describe('readFirstSheet: an xlsx read within limits (decision 019)', () => {
  it('reads the first tab in tab order as the texts a person typed, empty lines skipped, far columns ignored', async () => {
    const workbook = new ExcelJS.Workbook();
    const other = workbook.addWorksheet('Autre');
    other.addRow(['not this tab']);
    const sheet = workbook.addWorksheet('Import');
    // The tab order (exceljs's untyped orderNo): the first tab is the second sheet part.
    Object.assign(sheet, { orderNo: 0 });
    Object.assign(other, { orderNo: 1 });
    sheet.addRow(['Nom', 'Date', 'Email', 'Riche', 'Formule', 'Nombre']);
    sheet.getRow(3).values = [
      'Dupont',
      new Date(Date.UTC(2025, 8, 1)),
      { text: 'marie@example.com', hyperlink: 'mailto:marie@example.com' },
      { richText: [{ text: 'Ma' }, { text: 'rie' }] },
      { formula: 'A3&"!"', result: 'Dupont!' },
      42,
    ];
    sheet.getCell(3, IMPORT_MAX_COLUMNS + 1).value = 'too far right';
    const read = await readFirstSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ['Nom', 'Date', 'Email', 'Riche', 'Formule', 'Nombre'] },
        { line: 3, cells: ['Dupont', '2025-09-01', 'marie@example.com', 'Marie', 'Dupont!', '42'] },
      ],
    });
  });

  it('refuses, from the directory alone, a part that inflates over 100 times its size; small parts may compress as they like', async () => {
    const bomb = await deflatePart(
      'xl/worksheets/sheet1.xml',
      sheetXml(['Nom'], 300, () => ['a'.repeat(20_000)]),
    );
    expect(bomb.size).toBeGreaterThan(XLSX_LIMITS.maxRatio * bomb.data.length);
    expect(await refusal(await workbookWith(bomb))).toBe('tooLarge');

    const small = await deflatePart(
      'xl/worksheets/sheet1.xml',
      sheetXml(['Nom'], 3, () => ['a'.repeat(20_000)]),
    );
    expect(small.size).toBeGreaterThan(XLSX_LIMITS.maxRatio * small.data.length);
    expect(small.size).toBeLessThan(XLSX_LIMITS.ratioGraceSize);
    expect(await refusal(await workbookWith(small))).toBe('read');
  });

  it('refuses, from the directory alone, more than 50 MiB once unzipped or more than 1,000 parts', async () => {
    // Parts never inflated: their bytes are random and only the directory's figures are read.
    const declared = (name: string, size: number, data: Buffer): ZipPart => ({ name, data, size, crc: 0 });
    const media = Array.from({ length: 6 }, (_, index) => declared(`xl/media/image${index}.png`, 9 * MiB, randomBytes(MiB)));
    expect(await refusal(zipOf(media))).toBe('tooLarge');
    const many = Array.from({ length: XLSX_LIMITS.maxEntries + 1 }, (_, index) => declared(`xl/part${index}.xml`, 10, randomBytes(10)));
    expect(await refusal(zipOf(many))).toBe('tooLarge');
  });

  it('refuses a part that inflates past the size its directory declares, or to another CRC', async () => {
    const sheet = await deflatePart('xl/worksheets/sheet1.xml', sheetXml(TRIAD_HEADERS, 2000, triadLine('lying')));
    expect(await refusal(await workbookWith(sheet))).toBe('read');
    expect(await refusal(await workbookWith({ ...sheet, size: 10_000 }))).toBe('format');
    expect(await refusal(await workbookWith({ ...sheet, size: sheet.size + 1 }))).toBe('format');
    expect(await refusal(await workbookWith({ ...sheet, crc: (sheet.crc + 1) >>> 0 }))).toBe('format');
  });

  it('refuses what is not a workbook', async () => {
    expect(await refusal(Buffer.from('Groupe;Nom apprenti\n'))).toBe('format');
    expect(await refusal(zipOf([await deflatePart('word/document.xml', ['<document/>'])]))).toBe('format');
    const sheet = await deflatePart('xl/worksheets/sheet1.xml', sheetXml(TRIAD_HEADERS, 1, triadLine('cut')));
    const whole = await workbookWith(sheet);
    expect(await refusal(whole.subarray(0, whole.length - 30))).toBe('format');
    const unnumbered = await deflatePart('xl/worksheets/sheet1.xml', [
      '<worksheet><sheetData><row><c r="A1" t="inlineStr"><is><t>Groupe</t></is></c></row></sheetData></worksheet>',
    ]);
    expect(await refusal(await workbookWith(unnumbered))).toBe('format');
  });
});
