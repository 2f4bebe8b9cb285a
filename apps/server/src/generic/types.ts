import type { FieldChoice, FormModel, GenericColumn, GenericListQuery, ImportLineError, ValidationError } from '@lea/shared';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import type { Caller } from '../http/caller.js';
import type { AppContext } from '../http/context.js';
import type { ManagedCourse } from '../services/managed-course.js';

/** Where the registry is mounted: the manager area (one course) or, later, the admin area (the platform). */
export type Area = 'manager' | 'admin';
export type Locale = 'fr' | 'en';
/** A text in both languages of the site; forms and columns pick the request's one. */
export type Text = Record<Locale, string>;

export type { ManagedCourse };

/**
 * Who calls, where, and on what: every declaration function receives it and scopes its rows with
 * it. `course` is the course of the manager area (null in the admin area).
 */
export type Scope = {
  area: Area;
  caller: Caller;
  locale: Locale;
  course: ManagedCourse | null;
  /** Set while the caller impersonates someone: kept with the history lines of the writes. */
  impersonatorId: number | null;
  ip: string | null;
  userAgent: string | null;
};

/** The record a form edits (null to add one), its parent (contract → triad) and the query (defaults). */
export type FormTarget<R> = { record: R | null; parentId: number | null; query: Readonly<Record<string, string>> };

/** What a delete came to: done (with optional warnings) or refused with a message (crew with triads). */
export type RemoveOutcome = { refused: string } | { warnings: string[] };

/** One column of an import or export file. `header` is written in the request's language; both read back. */
export type ExchangeColumn<R> = {
  key: string;
  header: Text;
  required?: boolean;
  /** Checks and converts a cell; a string answer is the error message of that cell. */
  parse?(text: string): { value: unknown } | string;
  /** The cell of an exported record. */
  value(record: R): string | number | null;
  /** The example line of the model file. */
  example?: string;
  width?: number;
};

/** A line of an import, cells parsed by column key; `line` is the spreadsheet row number. */
export type ImportLine = { line: number; values: Readonly<Record<string, unknown>> };
export type ImportResult = { created: number; updated: number; errors: ImportLineError[] };

/** Export and import (xlsx) of an entity; `update` files carry the record ids and change those records. */
export type ExchangeDeclaration<R> = {
  /** File names start with this (they contain the product name, spec 3 §9). */
  fileName: string;
  sheetName: Text;
  columns(update: boolean): ExchangeColumn<R>[];
  /** The records to export (the update file). */
  exportRecords(db: Db, scope: Scope): Promise<R[]>;
  /** Applies the lines (already checked cell by cell) in the import's transaction; errors roll it back. */
  apply?(tx: Tx, scope: Scope, lines: ImportLine[], update: boolean): Promise<ImportResult>;
};

/**
 * One back-office entity. Declared once (entities/*.ts), registered by alias in registry.ts, and
 * served by the one set of generic routes (routes.ts) for list, form, post, delete, sort, move,
 * copy, export and import. Members are written as methods on purpose: the registry holds
 * declarations of different record types side by side.
 */
export interface EntityDeclaration<R extends { id: number } = { id: number }, I = unknown> {
  alias: string;
  table: PgTable;
  /** The areas that may serve it. */
  areas: readonly Area[];
  /** An entity that hangs on another one (contract → triad): list, forms and creation need the parent id. */
  parent?: { alias: string; check(db: DbOrTx, scope: Scope, parentId: number): Promise<void> };
  /** The record, only when it is inside the scope (another course's record is null → 404). */
  find(db: DbOrTx, scope: Scope, id: number): Promise<R | null>;
  /** The parent id of a record (entities with a parent). */
  parentIdOf?(record: R): number;
  list?: {
    columns(locale: Locale): GenericColumn[];
    rows(db: Db, scope: Scope, parentId: number | null, query: GenericListQuery): Promise<Record<string, unknown>[]>;
  };
  form(db: DbOrTx, scope: Scope, target: FormTarget<R>): Promise<FormModel>;
  /** Types the merged form values once the form model's own rules passed. */
  input: z.ZodType<I>;
  /** Rules across fields or against the database; answered as field errors, nothing written. */
  check?(db: DbOrTx, scope: Scope, input: I, target: FormTarget<R>): Promise<ValidationError[]>;
  /** Writes the record in the save's transaction and answers its id. */
  save(tx: Tx, scope: Scope, input: I, target: FormTarget<R>, ctx: AppContext): Promise<number>;
  remove?(tx: Tx, scope: Scope, record: R): Promise<RemoveOutcome>;
  /** Sortable entities: the position column, the id column and the siblings a record is ordered among. */
  position?: { column: AnyPgColumn; id: AnyPgColumn; siblings(record: R): SQL };
  /** Moves the record under another parent (a triad into another crew). */
  move?(tx: Tx, scope: Scope, record: R, targetId: number | null): Promise<void>;
  copy?(tx: Tx, scope: Scope, record: R): Promise<number>;
  /** Remote-select choices (`attributes.ajaxUrl` = …/{alias}/search). */
  search?(db: Db, scope: Scope, text: string): Promise<FieldChoice[]>;
  /** Its own row type: an export may carry more than the record (names of the people of a triad). */
  exchange?: ExchangeDeclaration<unknown>;
  /** Short words of the answers: the record's name in messages. */
  messages: { saved: Text; removed: Text };
}

/** Declares an entity with its record and input types inferred (registry.ts stores them side by side). */
export function defineEntity<R extends { id: number }, I>(declaration: EntityDeclaration<R, I>): EntityDeclaration<R, I> {
  return declaration;
}
