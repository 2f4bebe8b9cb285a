import * as XLSX from 'xlsx';
import { IMPORT_MAX_LINES } from '@lea/shared';
import type { SheetRead, SheetRow } from './xlsx-read.js';

/**
 * Legacy Excel files (.xls, BIFF in an OLE2 container), read with SheetJS: the spec's import models are
 * `import_planning.xls` and `import_absence.xls`, and organisations still fill those in. Cells come back as the
 * text a person typed; date cells as `YYYY-MM-DD`, time cells as `HH:mm`, date-times as `YYYY-MM-DD HH:mm`.
 */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A legacy workbook is a few hundred kilobytes; far larger is not an import file. */
const LEGACY_MAX_BYTES = 10 * 1024 * 1024;
const MAX_COLUMNS = 100;

export const isLegacyWorkbook = (bytes: Buffer) => bytes.length >= OLE2.length && bytes.subarray(0, OLE2.length).equals(OLE2);

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number' && cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
    const date = XLSX.SSF.parse_date_code(cell.v);
    const time = `${pad(date.H)}:${pad(date.M)}`;
    if (date.y < 1901) return time;
    const day = `${date.y}-${pad(date.m)}-${pad(date.d)}`;
    return date.H === 0 && date.M === 0 ? day : `${day} ${time}`;
  }
  return String(cell.w ?? cell.v).trim();
}

/** The first sheet of an .xls as text rows with their line numbers, within the import's line limit. */
export function readLegacySheet(bytes: Buffer): SheetRead {
  if (bytes.length > LEGACY_MAX_BYTES) return { ok: false, refusal: 'tooLarge' };
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'buffer', cellDates: false, cellFormula: false, cellHTML: false, sheetRows: IMPORT_MAX_LINES + 2 });
  } catch {
    return { ok: false, refusal: 'format' };
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet?.['!ref']) return { ok: false, refusal: 'format' };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const rows: SheetRow[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = 0; c <= Math.min(range.e.c, MAX_COLUMNS - 1); c++)
      cells.push(cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined));
    if (cells.every((text) => text === '')) continue;
    if (rows.length > IMPORT_MAX_LINES) return { ok: false, refusal: 'tooLong' };
    rows.push({ line: r + 1, cells });
  }
  return { ok: true, rows };
}
