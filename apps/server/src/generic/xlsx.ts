import ExcelJS from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Lines an import reads at most: beyond, the file is refused before any line is checked. */
export const IMPORT_MAX_LINES = 5000;

/** A = 0, B = 1 … Z, AA… as spreadsheets name their columns (the import report's `column`). */
export function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

/** A workbook of one sheet: a bold header row, then the rows. */
export async function writeWorkbook(sheetName: string, headers: string[], rows: (string | number | null)[][], widths: number[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'lea';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = headers.map((header, index) => ({ header, width: widths[index] ?? Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as the text a person typed: hyperlinks (e-mails Excel turned into links), rich text and formula results included. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

export type SheetRows = { rows: { line: number; cells: string[] }[]; tooLong: boolean };

/**
 * The first sheet as text rows with their spreadsheet line numbers (the header is line 1); empty
 * lines are skipped. null when the bytes are not a readable workbook.
 */
export async function readFirstSheet(bytes: Buffer): Promise<SheetRows | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRows['rows'] = [];
  let tooLong = false;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (rows.length > IMPORT_MAX_LINES) {
      tooLong = true;
      return;
    }
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    const texts = Array.from(cells, (cell) => cell ?? '');
    if (texts.some((cell) => cell !== '')) rows.push({ line, cells: texts });
  });
  return { rows, tooLong };
}
