import type pg from 'pg';

/**
 * On PostgreSQL the notices of database triggers reach a process through its LISTEN connection, a moment
 * after the write commits (decisions 033, 041, 042). What this process writes itself it must forget at
 * once, before its caller (or anything else in it) reads again: each pool connection reports its
 * committed writes of the tables the remembered answers are built from (an autocommitted statement as it
 * returns, a transaction's as its COMMIT returns). Sign-in and session rows, mails, the history log and
 * the users' sign-in stamps are not among them (migration 0014), so signing in forgets nothing.
 */

/** Tables no remembered answer reads (no trigger of migration 0014 watches them). */
export const UNWATCHED_TABLES: ReadonlySet<string> = new Set([
  'refresh_tokens',
  'password_reset_tokens',
  'email_changes',
  'work_locks',
  'login_throttle',
  'sign_in_codes',
  'oidc_logins',
  'user_identities',
  'mail_outbox',
  'history_log',
  'weekly_digests',
  'calendar_feed_tokens',
  'data_agreement_acceptances',
]);
/** Columns of `users` whose changes no answer shows (migration 0014's users trigger ignores them too). */
const USER_STAMPS = new Set(['last_login_at', 'password_hash', 'password_changed_at', 'welcome_count', 'reset_count', 'updated_at']);

const WRITE_VERB = String.raw`(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+"?(\w+)"?`;
const LEADING_WRITE = new RegExp(String.raw`^\s*${WRITE_VERB}`, 'i');
/** In a `with` statement, a write opens a common table expression's body or follows the last one. */
const CTE_WRITE = new RegExp(String.raw`[()]\s*${WRITE_VERB}`, 'gi');
const READ_OR_CONTROL =
  /^\s*(?:select|begin|commit|rollback|savepoint|release|set|show|listen|unlisten|notify|analyze|explain|values|table)\b/i;

/** The tables a statement writes; null when its shape is unknown (then it is taken for a write). */
function writtenTables(text: string): string[] | null {
  if (/^\s*with\b/i.test(text)) return [...text.matchAll(CTE_WRITE)].map((found) => found[1]!.toLowerCase());
  const leading = LEADING_WRITE.exec(text);
  if (leading) return [leading[1]!.toLowerCase()];
  return READ_OR_CONTROL.test(text) ? [] : null;
}

/** Whether a statement's text may change a remembered answer. */
export function writesWatchedTable(text: string): boolean {
  const tables = writtenTables(text);
  if (tables === null) return true;
  return tables.some((table) => {
    if (UNWATCHED_TABLES.has(table)) return false;
    if (table !== 'users' || !/^\s*update\b/i.test(text)) return true;
    // A user's row whose sign-in stamps only are set.
    const assignments = /\bset\s+(.*?)\s+where\s/is.exec(text)?.[1];
    const columns = assignments ? [...assignments.matchAll(/"(\w+)"\s*=/g)].map((found) => found[1]!) : [];
    return columns.length === 0 || columns.some((column) => !USER_STAMPS.has(column));
  });
}

type Query = (...args: unknown[]) => unknown;
const textOf = (config: unknown): string | null =>
  typeof config === 'string'
    ? config
    : typeof (config as { text?: unknown } | null)?.text === 'string'
      ? (config as { text: string }).text
      : null;

/** Makes a pool connection call `onWrite` once each of its writes of a watched table is committed. */
export function reportCommittedWrites(client: pg.PoolClient, onWrite: () => void): void {
  const query = client.query.bind(client) as Query;
  let inTransaction = false;
  let dirty = false;
  (client as unknown as { query: Query }).query = (config: unknown, ...rest: unknown[]) => {
    const text = textOf(config) ?? '';
    const head = text.length < 64 ? text.trim().toLowerCase() : '';
    let done: (() => void) | null = null;
    if (head === 'begin' || head.startsWith('begin ') || head.startsWith('start transaction')) {
      inTransaction = true;
      dirty = false;
    } else if (head === 'commit' || head === 'end') {
      inTransaction = false;
      if (dirty) done = onWrite;
      dirty = false;
    } else if (head === 'rollback') {
      inTransaction = false;
      dirty = false;
    } else if (text !== '' && writesWatchedTable(text)) {
      if (inTransaction) dirty = true;
      else done = onWrite;
    }
    if (done === null) return query(config, ...rest);
    // The pool runs a statement with a callback, drizzle's transactions await a promise: either way the
    // write is reported before its caller hears that it is done.
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      const report = done;
      return query(config, ...rest.slice(0, -1), (...results: unknown[]) => {
        report();
        (callback as (...args: unknown[]) => void)(...results);
      });
    }
    const result = query(config, ...rest);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  };
}
