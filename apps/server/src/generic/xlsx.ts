import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A = 0, B = 1 … Z, AA… as spreadsheets name their columns (the import report's `column`). */
export function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

/** A cell of a written workbook: a Date is written as a date, shown dd/mm/yyyy. */
export type WorkbookCell = string | number | Date | null;
export type WorkbookSheet = { name: string; headers: string[]; rows: WorkbookCell[][]; widths?: number[] };

/** A workbook of several sheets, each a bold frozen header row, then its rows. */
export async function writeWorkbookSheets(sheets: WorkbookSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'lea';
  for (const { name, headers, rows, widths = [] } of sheets) {
    const sheet = workbook.addWorksheet(name.slice(0, 31));
    sheet.columns = headers.map((header, index) => ({ header, width: widths[index] ?? Math.max(14, header.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const values of rows) {
      const row = sheet.addRow(values);
      values.forEach((value, index) => {
        if (value instanceof Date) row.getCell(index + 1).numFmt = 'dd/mm/yyyy';
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A workbook of one sheet: a bold header row, then the rows. */
export async function writeWorkbook(
  sheetName: string,
  headers: string[],
  rows: (string | number | null)[][],
  widths: number[] = [],
): Promise<Buffer> {
  return writeWorkbookSheets([{ name: sheetName, headers, rows, widths }]);
}

/**
 * Resolves when `output` can take more; rejects when it closes first (the client went away), so
 * that the reading stops and its cursor's transaction ends instead of waiting forever.
 */
async function drained(output: Writable): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(output, 'drain', { signal: stop.signal }),
      once(output, 'close', { signal: stop.signal }).then(() => {
        throw new Error('the workbook output was closed (the client went away)');
      }),
    ]);
  } finally {
    stop.abort();
  }
}

/** Hands a batch of rows to a streamed workbook; resolves once the output can take more. */
export type AddRows = (rows: readonly (string | number | null)[][]) => Promise<void>;

/**
 * The same one-sheet workbook as writeWorkbook, written as it goes into `output` (exceljs's
 * streaming writer: each row is committed to the zip as soon as it is added, so the workbook is
 * never held whole); `fill` adds the rows in batches, each batch waiting for the output to drain
 * (the client reading) before the next is read (decision 032). Ends `output` when done.
 */
export async function streamWorkbook(
  output: Writable,
  sheetName: string,
  headers: string[],
  widths: number[],
  fill: (add: AddRows) => Promise<void>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'lea';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, index) => ({ header, width: widths[index] ?? Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  await fill(async (rows) => {
    for (const row of rows) sheet.addRow(row).commit();
    if (output.destroyed) throw new Error('the workbook output was closed (the client went away)');
    if (output.writableNeedDrain) await drained(output);
  });
  sheet.commit();
  await workbook.commit();
}
