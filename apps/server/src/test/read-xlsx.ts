import ExcelJS from 'exceljs';

/** Reads back a workbook (bytes, or base64 as `{filename, data, type}` answers carry it): its first sheet's rows as cell texts. */
export async function sheetRows(data: string | Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((typeof data === 'string' ? Buffer.from(data, 'base64') : data) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)))),
  );
  return rows;
}
