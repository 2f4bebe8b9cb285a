import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { FileDownloadResponse } from '@lea/shared';

/** The workbook of an export answer, opened with exceljs: its first sheet as rows of cell values. */
export async function sheetOf(body: unknown): Promise<{ name: string; rows: unknown[][] }> {
  const file = FileDownloadResponse.parse(body);
  expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(file.data, 'base64') as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}
