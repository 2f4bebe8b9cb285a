import ExcelJS from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A = 0, B = 1 … Z, AA… as spreadsheets name their columns (the import report's `column`). */
export function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

/** A workbook of one sheet: a bold header row, then the rows. */
export async function writeWorkbook(
  sheetName: string,
  headers: string[],
  rows: (string | number | null)[][],
  widths: number[] = [],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'lea';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = headers.map((header, index) => ({ header, width: widths[index] ?? Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
