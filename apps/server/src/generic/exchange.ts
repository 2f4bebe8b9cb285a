import { and, eq, sql } from 'drizzle-orm';
import {
  FileFieldValue,
  LOCALES,
  MESSAGES,
  type FileDownloadResponse,
  type FormModel,
  type ImportLineError,
  type ImportPostBody,
  type ImportReport,
  type ValidationError,
} from '@lea/shared';
import { files } from '../db/schema/index.js';
import type { AppContext } from '../http/context.js';
import { badRequest, conflict } from '../http/errors.js';
import { withWorkLock } from '../services/work-locks.js';
import { renderText, text, textRef, type TextRef } from '../texts/index.js';
import { auditWrite } from './audit.js';
import { buildFormModel } from './form-builder.js';
import { readPayload } from './payload.js';
import { unavailable } from './service.js';
import { cellOf, localize, titlesOf } from './text.js';
import type { EntityDeclaration, ExchangeColumn, ExchangeDeclaration, ImportLine, Locale, Scope } from './types.js';
import { XLSX_MIME, columnLetter, writeWorkbook } from './xlsx.js';
import { readFirstSheet, type SheetRead, type SheetRow } from './xlsx-read.js';
import { z } from 'zod';

type Entity = EntityDeclaration;

const REFUSALS: Record<Extract<SheetRead, { ok: false }>['refusal'], string> = {
  format: MESSAGES.fileFormat,
  tooLarge: MESSAGES.importTooLarge,
  tooLong: MESSAGES.importTooLong,
};

/**
 * How long an import holds its course at most (decision 019): far beyond the few seconds of the
 * largest file, short enough that the course is free again soon after a process died importing.
 */
const IMPORT_LOCK_SECONDS = 300;
const importLockKey = (scope: Scope) =>
  scope.area === 'manager' ? `import:course:${scope.course.id}` : `import:platform:${scope.platformId}`;

function exchangeOf(entity: Entity): ExchangeDeclaration<unknown> {
  if (!entity.exchange) unavailable(entity, 'import/export');
  return entity.exchange;
}

const today = () => new Date().toISOString().slice(0, 10);

/** GET …/{entity}/export: the records as the update file (ids first), in the request's language. */
export async function exportEntity(ctx: AppContext, scope: Scope, entity: Entity): Promise<FileDownloadResponse> {
  const exchange = exchangeOf(entity);
  const columns = exchange.columns(true);
  const records = await exchange.exportRecords(ctx.db, scope);
  const bytes = await writeWorkbook(
    localize(exchange.sheetName, scope),
    columns.map((column) => localize(column.header, scope)),
    records.map((record) => columns.map((column) => cellOf(column.value(record), scope))),
    columns.map((column) => column.width ?? 20),
  );
  const course = scope.area === 'manager' ? `-${scope.course.id}` : '';
  return { filename: `${exchange.fileName}${course}-${today()}.xlsx`, data: bytes.toString('base64'), type: XLSX_MIME };
}

/** GET …/{entity}/import-model: a real workbook with the header row and one example line. */
export async function importModel(scope: Scope, entity: Entity): Promise<FileDownloadResponse> {
  const exchange = exchangeOf(entity);
  const columns = exchange.columns(false);
  const bytes = await writeWorkbook(
    localize(exchange.sheetName, scope),
    columns.map((column) => localize(column.header, scope)),
    [columns.map((column) => cellOf(column.example ?? '', scope))],
    columns.map((column) => column.width ?? 20),
  );
  const filename = exchange.modelFileName ?? `${exchange.fileName}-modele-import.xlsx`;
  return { filename, data: bytes.toString('base64'), type: XLSX_MIME };
}

/** GET …/{entity}/import-form: the file field of the import (the update flag travels beside it). */
export function importForm(scope: Scope, entity: Entity): FormModel {
  exchangeOf(entity);
  return buildFormModel(
    `${entity.alias}_import`,
    scope.locale,
    [
      {
        code: 'import',
        label: 'backOffice.import.tab',
        fields: [
          {
            name: 'file',
            kind: 'file',
            label: 'backOffice.import.file',
            required: true,
            attributes: {
              allowedExtensions: exchangeOf(entity).legacy ? ['xlsx', 'xls'] : ['xlsx'],
              maxFiles: 1,
              fileMessage: MESSAGES.fileFormat,
              uploadType: 'import',
            },
          },
        ],
      },
    ],
    null,
  );
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const formFailure = (validationErrors: ValidationError[]): ImportReport => ({
  hasError: true,
  created: 0,
  updated: 0,
  errors: [],
  validationErrors,
});

/** The import's own upload: a file of the platform that the caller uploaded. */
async function loadUpload(ctx: AppContext, scope: Scope, fileId: number): Promise<Buffer | null> {
  const [row] = await ctx.db
    .select({ pathName: files.pathName })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.platformId, scope.caller.platformId), eq(files.uploadedBy, scope.caller.userId)))
    .limit(1);
  return row ? ctx.files.get(row.pathName) : null;
}

type Parsed = { lines: ImportLine[]; errors: ImportLineError[]; letterOf: Map<string, string> };

/** A report line in the reader's language: the column's header, then the message. */
function cellError(locale: Locale, header: string, message: TextRef): string {
  return text(locale, 'backOffice.import.cell', { column: header, message });
}

/** Maps the header row to the columns (by header text in either language), then checks every cell. */
function parseRows(rows: SheetRow[], columns: ExchangeColumn<unknown>[], scope: Scope): Parsed {
  const { locale } = scope;
  const [header, ...body] = rows;
  const errors: ImportLineError[] = [];
  const indexOf = new Map<string, number>();
  const letterOf = new Map<string, string>();
  const headerCells = (header?.cells ?? []).map(normalise);
  for (const column of columns) {
    // Either language, with the default profile titles (files written before) or the platform's own.
    const headers = LOCALES.flatMap((language) => [
      localize(column.header, language),
      localize(column.header, { ...scope, locale: language }),
    ]);
    const names = new Set([...headers.map(normalise), normalise(column.key)]);
    const index = headerCells.findIndex((cell) => names.has(cell));
    if (index >= 0) {
      indexOf.set(column.key, index);
      letterOf.set(column.key, columnLetter(index));
    } else if (column.required) {
      errors.push({
        line: header?.line ?? 1,
        column: localize(column.header, scope),
        message: text(locale, 'backOffice.import.missingColumn'),
      });
    }
  }
  if (errors.length > 0) return { lines: [], errors, letterOf };
  const lines: ImportLine[] = [];
  for (const row of body) {
    const values: Record<string, unknown> = {};
    let lineOk = true;
    for (const column of columns) {
      const index = indexOf.get(column.key);
      const text = index === undefined ? '' : (row.cells[index] ?? '').trim();
      const header = localize(column.header, scope);
      const fail = (message: TextRef) => {
        errors.push({ line: row.line, column: letterOf.get(column.key) ?? header, message: cellError(locale, header, message) });
        lineOk = false;
      };
      if (text === '') {
        if (column.required) fail(textRef('validation.required'));
        values[column.key] = null;
        continue;
      }
      const parsed = column.parse ? column.parse(text) : { value: text };
      if ('key' in parsed) fail(parsed);
      else values[column.key] = parsed.value;
    }
    if (lineOk) lines.push({ line: row.line, values });
  }
  return { lines, errors, letterOf };
}

/** Thrown out of the import's transaction with the report's errors, in the reader's language. */
class Rollback extends Error {
  constructor(readonly errors: ImportLineError[]) {
    super('import rolled back');
  }
}

/** Column letters in spreadsheet order (B before AA); a missing column (named by its header) keeps its place. */
const columnRank = (column: string) =>
  /^[A-Z]{1,3}$/.test(column) ? [...column].reduce((rank, char) => rank * 26 + char.charCodeAt(0) - 64, 0) : Number.MAX_SAFE_INTEGER;
const byPlace = (a: ImportLineError, b: ImportLineError) => a.line - b.line || columnRank(a.column) - columnRank(b.column);

/**
 * POST …/{alias}/import-post. One import per course at a time, across processes (decision 019):
 * another one meanwhile is a 409. All or nothing (decision 015): every cell is checked, then the valid
 * lines are applied in one transaction that also runs the entity's own checks (unknown ids,
 * duplicates…); with any error, of either kind, the transaction is rolled back and every error is
 * reported by spreadsheet line and column letter. Imports of one platform apply one at a time (an
 * advisory lock), so that two files naming the same new person cannot both create it.
 */
export async function importEntity(ctx: AppContext, scope: Scope, entity: Entity, body: ImportPostBody): Promise<ImportReport> {
  const exchange = exchangeOf(entity);
  const apply = exchange.apply?.bind(exchange);
  if (!apply) unavailable(entity, 'import');
  if (body.trainingCourse && scope.area === 'manager' && body.trainingCourse.id !== scope.course.id)
    throw badRequest(textRef('backOffice.courseMismatch'));
  const read = readPayload(importForm(scope, entity), body.form, z.object({ file: FileFieldValue }));
  if (!read.ok) return formFailure(read.errors);
  const job: ImportJob = { entity, columns: exchange.columns(body.update), apply, fileId: read.input.file.id, update: body.update };
  return withWorkLock(
    ctx.db,
    importLockKey(scope),
    IMPORT_LOCK_SECONDS,
    () => importFile(ctx, scope, job),
    () => {
      throw conflict(MESSAGES.importRunning);
    },
  );
}

type ImportJob = {
  entity: Entity;
  columns: ExchangeColumn<unknown>[];
  apply: NonNullable<ExchangeDeclaration<unknown>['apply']>;
  fileId: number;
  update: boolean;
};

/** The file's first sheet, read within the limits of decision 019, checked and applied. */
async function importFile(ctx: AppContext, scope: Scope, { entity, columns, apply, fileId, update }: ImportJob): Promise<ImportReport> {
  const bytes = await loadUpload(ctx, scope, fileId);
  if (!bytes) return formFailure([{ field: 'file', message: MESSAGES.fileUnavailable }]);
  const sheet = await readFirstSheet(bytes);
  if (!sheet.ok) return formFailure([{ field: 'file', message: REFUSALS[sheet.refusal] }]);
  if (sheet.rows.length < 2) return formFailure([{ field: 'file', message: text(scope.locale, 'backOffice.import.noLine') }]);

  const parsed = parseRows(sheet.rows, columns, scope);
  if (parsed.lines.length === 0 && parsed.errors.length > 0)
    return { hasError: true, created: 0, updated: 0, errors: parsed.errors.sort(byPlace), validationErrors: [] };
  const headerOf = new Map(columns.map((column) => [column.key, localize(column.header, scope)]));
  try {
    const result = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lea-import-${scope.caller.platformId}`}))`);
      const applied = await apply(tx, scope, parsed.lines, update);
      const errors = [
        ...parsed.errors,
        ...applied.errors.map((error) => ({
          line: error.line,
          column: parsed.letterOf.get(error.column) ?? error.column,
          message: headerOf.has(error.column)
            ? cellError(scope.locale, headerOf.get(error.column)!, error.message)
            : renderText(error.message, scope.locale, titlesOf(scope)),
        })),
      ];
      if (errors.length > 0) throw new Rollback(errors);
      await auditWrite(tx, scope, {
        action: `${entity.alias}.import`,
        entity: entity.alias,
        entityId: scope.area === 'manager' ? scope.course.id : scope.platformId,
        details: { created: applied.created, updated: applied.updated, update },
      });
      return applied;
    });
    // Mails the import queued (an absence alert crossing its threshold) leave once it has committed.
    while ((await ctx.mailer.deliverQueued()) > 0);
    return { hasError: false, created: result.created, updated: result.updated, errors: [], validationErrors: [] };
  } catch (error) {
    if (error instanceof Rollback)
      return { hasError: true, created: 0, updated: 0, errors: error.errors.sort(byPlace), validationErrors: [] };
    throw error;
  }
}
