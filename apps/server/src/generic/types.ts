import type { FieldChoice, FormModel, GenericColumn, GenericListQuery, Locale, ManagerAccess, ValidationError } from '@lea/shared';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import type { Caller } from '../http/caller.js';
import type { AppContext } from '../http/context.js';
import type { ManagedCourse } from '../services/managed-course.js';
import type { PlatformProfileTitles, ProfileTitles } from '../services/profile-titles.js';
import type { CacheTopic } from '../services/shared-cache.js';
import type { PlainTextKey, TextRef } from '../texts/index.js';
import type { CANNOT_REMOVE } from './envelopes.js';

/** Where the registry is mounted: the manager area (one course) or, later, the admin area (the platform). */
export type Area = 'manager' | 'admin' | 'shared';
export type { Locale, ManagedCourse };
/**
 * A text of a declaration, rendered in the request's language (generic/text.ts): a key of the server
 * catalogue (`'backOffice.crew.list'`), a key with params (`textRef(…)`), or words the language
 * builds (a profile title, generic/text.ts).
 */
export type Text = PlainTextKey | TextRef | PlatformWords;
/**
 * Words the language and the platform build: a profile title (generic/text.ts), from the platform's
 * titles in the text's locale (decision 024).
 */
export type PlatformWords = (locale: Locale, titles: ProfileTitles) => string;
/** What a text is rendered with: the locale, and the platform's profile titles (a scope is one). */
export type Speech = { locale: Locale; titles: PlatformProfileTitles };
/** A count's text in each plural form of the language (`{count}` stands for the number, COUNT_SLOT). */
export type Plural = { one: Text; other: Text };
/** A list column as declared: its label a text, rendered with the list. */
export type ListColumn = Omit<GenericColumn, 'label'> & { label: Text };
/**
 * Tabs over a list by one field of its rows (spec 3 §2.2: the documents' general and pedagogic
 * tabs, general first): the engine keeps the rows whose `key` (as text) is the asked tab's value
 * (`filter={key}:{value}`, `initial` when none or unknown); a tab's add screen sends
 * `set=[{name: key, value}]`, which the entity's form reads as the field's initial value.
 */
export type ListTabs = { key: string; initial: string; options: readonly { value: string; label: Text }[] };

/** Who calls and from where: kept with the history lines of the writes. */
type CallerScope = {
  caller: Caller;
  locale: Locale;
  /** The platform's profile titles in both locales: every text that names a profile uses them (decision 024). */
  titles: PlatformProfileTitles;
  /** Set while the caller impersonates someone: kept with the history lines of the writes. */
  impersonatorId: number | null;
  ip: string | null;
  userAgent: string | null;
};

/** A manager-area call: its course, checked once by the mount (a manager of it or an administrator). */
export type ManagerScope = CallerScope & { area: 'manager'; course: ManagedCourse };
/** An admin-area call: an administrator of the caller's platform. */
export type AdminScope = CallerScope & { area: 'admin'; platformId: number };
/** A manager call across the courses the caller manages (the shared documents): a manager of one of them or an administrator. */
export type SharedScope = CallerScope & { area: 'shared'; platformId: number };
/** Every declaration function receives the scope of its area and scopes its rows with it. */
export type Scope = ManagerScope | AdminScope | SharedScope;
type ScopeByArea = { manager: ManagerScope; admin: AdminScope; shared: SharedScope };
export type ScopeOf<A extends Area> = ScopeByArea[A];

/**
 * One page of a list the database searches, sorts and pages itself (a list too long to read whole:
 * the platform's users): the search text (from 2 characters), the sorted column's key, the
 * search modal's filters (`filter=key:value`) and the page.
 */
export type ListPage = {
  search: string | null;
  sort: { key: string; descending: boolean } | null;
  filters: Readonly<Record<string, string>>;
  limit: number;
  offset: number;
};

/** The record a form edits (null to add one), its parent (contract → triad) and the query (defaults). */
export type FormTarget<R> = { record: R | null; parentId: number | null; query: Readonly<Record<string, string>> };

/**
 * What a delete came to: done (with optional warnings) or refused with a reason: a text, or a key of
 * the spec that the web app translates (`cannot_remove`, crew with triads).
 */
export type RemoveOutcome = { refused: Text | typeof CANNOT_REMOVE } | { warnings: string[] };

/** One column of an import or export file. `header` is written in the request's language; both read back. */
export type ExchangeColumn<R> = {
  key: string;
  header: Text;
  required?: boolean;
  /** Checks and converts a cell; a text answer is the error message of that cell. */
  parse?(text: string): { value: unknown } | TextRef;
  /** The cell of an exported record: data, or a catalogue word (`oui`). */
  value(record: R): string | number | null | TextRef;
  /** The example line of the model file. */
  example?: string | TextRef;
  width?: number;
};

/** A line of an import, cells parsed by column key; `line` is the spreadsheet row number. */
export type ImportLine = { line: number; values: Readonly<Record<string, unknown>> };
/** An error of an import line: its column key (or header) and a catalogue text, rendered in the report's language. */
export type ImportProblem = { line: number; column: string; message: TextRef };
export type ImportResult = { created: number; updated: number; errors: ImportProblem[] };

/** Export and import (xlsx) of an entity; `update` files carry the record ids and change those records. */
export type ExchangeDeclaration<R, S extends Scope = Scope> = {
  /** File names start with this (they contain the product name, spec 3 §9). */
  fileName: string;
  /** The import model's file name when the spec names it (spec 3 §9: `modele_import_competences.xlsx`); else `{fileName}-modele-import.xlsx`. */
  modelFileName?: string;
  sheetName: Text;
  /**
   * The import screen's words (spec 3 §2.2 messages triad_new_file, triad_update, thanks): above
   * the model file, and the report's counts (`{count}`, plural forms of Intl.PluralRules).
   */
  texts: { import: Text; update: Text; created: Plural; updated: Plural; thanks: Text };
  /** Also reads legacy .xls files (the spec's `import_planning.xls`, `import_absence.xls` models). */
  legacy?: boolean;
  columns(update: boolean): ExchangeColumn<R>[];
  /** The records to export (the update file). */
  exportRecords(db: Db, scope: S): Promise<R[]>;
  /** Applies the lines (already checked cell by cell) in the import's transaction; errors roll it back. */
  apply?(tx: Tx, scope: S, lines: ImportLine[], update: boolean): Promise<ImportResult>;
};

/**
 * The web screens of an entity, under its area's base (`/lea-manager/{course}`, `/admin`):
 * `{path}[/{parent}]` or `…/list` lists, `…/add`, `…/edit/{id}`, `…/import`, `…/update`.
 */
export type ScreenDeclaration = {
  /** The spec's screen path (`triad/crew`, `questionnaire/category`). */
  path: string;
  /** Where saved forms return when a feature page lists the records (crews on the triad list); else its own list. */
  back?: string;
};

/**
 * A page-level action of the list (spec 3 §2.3 trainings: add test, export registrations,
 * generate test triads), drawn as a button over it (PageAction of the description). `path` is
 * relative to the area's API base and served by the feature that declares it: `call` answers a
 * save or action envelope, `download` a file. `choice`: a record picked first among the choices
 * `{choice.path}` answers, sent as `?{choice.query}={value}`.
 */
export type PageActionDeclaration = {
  key: string;
  label: Text;
  kind: 'call' | 'download';
  path: string;
  confirm?: Text;
  choice?: { query: string; label: Text; path: string };
};

/** The words of its screens: list heading, add and edit headings, the back link; import titles when importable. */
export type EntityTitles = { list: Text; add: Text; edit: Text; back: Text; import?: Text; update?: Text };

/**
 * A spec path that does not fit `{alias}/…` (the categories' `questionnaire/category[/form][/{id}]`),
 * relative to the mount and served like the generic calls: `:id` is the record, `:parent` its parent.
 */
export type DeclaredPath = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; action: 'list' | 'form' | 'save' | 'delete' };

/**
 * One back-office entity, the only description of it: declared once (entities/*.ts), registered by
 * alias in registry.ts, served by the one set of generic routes (routes.ts) for list, form, post,
 * delete, sort, move, copy, export and import, and described to the web app (describe.ts), which
 * draws its screens from that. Members are written as methods on purpose: the registry holds
 * declarations of different record types and areas side by side.
 */
export interface EntityDeclaration<R extends { id: number } = { id: number }, I = unknown, A extends Area = Area> {
  alias: string;
  table: PgTable;
  /** The area that serves it; its functions receive that area's scope. */
  area: A;
  /**
   * The manager-area section it belongs to (decision 027): reading it needs the view level of the
   * caller's manager profile on that access, a save edit, a delete delete. DEFAULT_MANAGER_ACCESS when unset.
   */
  access?: ManagerAccess;
  screen: ScreenDeclaration;
  titles: EntityTitles;
  /** Buttons over the list that run the feature's own calls (PageActionDeclaration). */
  pageActions?: readonly PageActionDeclaration[];
  /** Spec paths beside the generic ones. */
  paths?: readonly DeclaredPath[];
  /**
   * Settings shown above the list: a part of a singleton of the area that takes it in parts
   * (`singleton.partial`; its form reads `query.part`).
   */
  settings?: { alias: string; part: string };
  /** An entity that hangs on another one (contract → triad): list, forms and creation need the parent id. */
  parent?: { alias: string; check(db: DbOrTx, scope: ScopeOf<A>, parentId: number): Promise<void> };
  /** The record, only when it is inside the scope (another course's record is null → 404). */
  find(db: DbOrTx, scope: ScopeOf<A>, id: number): Promise<R | null>;
  /**
   * A single-record entity (data agreement, course configuration): no list, no id, only
   * `unique-form` and `unique-post` (PUT) on the scope's one record, which `one` reads; null when it
   * does not exist yet (the form shows the initial values, the save creates it).
   */
  singleton?: {
    one(db: DbOrTx, scope: ScopeOf<A>): Promise<R | null>;
    /**
     * Saved in parts: a `unique-post` may carry only some of its tabs (the design's help part, which
     * the help-document settings save, spec 3 §7.2); the tabs it omits keep their values.
     */
    partial?: boolean;
  };
  /** False for records the area never creates (the module catalogue, the course's modules): no add form, no POST. */
  add?: false;
  /** The parent id of a record (entities with a parent). */
  parentIdOf?(record: R): number;
  list?: {
    columns: readonly ListColumn[];
    /** Rows may say `canRemove: false` with a `removeReason`: the web greys the delete action with it. */
    /** Every row, searched, sorted and paged by the engine (one of `rows` and `page`). */
    rows?(db: Db, scope: ScopeOf<A>, parentId: number | null, query: GenericListQuery): Promise<Record<string, unknown>[]>;
    /** Or one page that the database searches, sorts and pages itself; `count` before paging. */
    page?(db: Db, scope: ScopeOf<A>, page: ListPage): Promise<{ rows: Record<string, unknown>[]; count: number }>;
    /** Tabs by a field of the rows (lists of `rows` only). */
    tabs?: ListTabs;
    /** A line under the list heading naming the parent (the triad's apprentice). */
    subtitle?(db: Db, scope: ScopeOf<A>, parentId: number): Promise<string | null>;
  };
  form(db: DbOrTx, scope: ScopeOf<A>, target: FormTarget<R>): Promise<FormModel>;
  /** Types the merged form values once the form model's own rules passed. */
  input: z.ZodType<I>;
  /** Rules across fields or against the database; answered as field errors, nothing written. */
  check?(db: DbOrTx, scope: ScopeOf<A>, input: I, target: FormTarget<R>): Promise<ValidationError[]>;
  /** Writes the record in the save's transaction and answers its id. */
  save(tx: Tx, scope: ScopeOf<A>, input: I, target: FormTarget<R>, ctx: AppContext): Promise<number>;
  remove?(tx: Tx, scope: ScopeOf<A>, record: R): Promise<RemoveOutcome>;
  /**
   * The shared caches (`ctx.cache`, decision 033) that a write of this entity changes: the engine
   * tells them in the write's transaction, after a save (`record`: the saved one's previous state, null
   * for a new one), a delete, a sort, a move or a copy of `record`.
   */
  caches?(scope: ScopeOf<A>, record: R | null): readonly CacheChange[];
  /** Sortable entities: the position column, the id column and the siblings a record is ordered among. */
  position?: { column: AnyPgColumn; id: AnyPgColumn; siblings(record: R): SQL };
  /** Moves the record under another parent (a triad into another crew). */
  move?(tx: Tx, scope: ScopeOf<A>, record: R, targetId: number | null): Promise<void>;
  copy?(tx: Tx, scope: ScopeOf<A>, record: R): Promise<number>;
  /** A hand-written call that deletes the list's selected rows at once (`DELETE …/{path}`, ids under `field`). */
  bulkRemove?: { path: string; field: string };
  /** Remote-select choices (`attributes.ajaxUrl` = …/{alias}/search). */
  search?(db: Db, scope: ScopeOf<A>, text: string): Promise<FieldChoice[]>;
  /** Its own row type: an export may carry more than the record (names of the people of a triad). */
  exchange?: ExchangeDeclaration<unknown, ScopeOf<A>>;
  /** The notices of a save and of a delete (a generic one when it has none, singletons are never deleted). */
  messages: { saved: Text; removed?: Text };
}

/** One entry of a shared cache that a write changed (`key` null: every entry of the topic). */
export type CacheChange = { topic: CacheTopic; key: string | number | null };

/** Declares an entity with its record, input and area inferred (registry.ts stores them side by side). */
export function defineEntity<R extends { id: number }, I, A extends Area>(
  declaration: EntityDeclaration<R, I, A>,
): EntityDeclaration<R, I, A> {
  return declaration;
}
