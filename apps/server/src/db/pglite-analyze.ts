/**
 * PGlite has no autovacuum, so nothing ever ANALYZEs its tables: the planner keeps believing a table
 * holds the rows it held at its last ANALYZE (none, for a table filled since), and picks plans that
 * are only right for empty tables — a user's 500 unread messages were counted by scanning every message
 * once per recipient row (issue 18, docs/performance.md). This does what autovacuum's analyze does on
 * PostgreSQL: once enough rows were written, the statistics are gathered again, from a timer, outside
 * any transaction, never more often than every few seconds nor, for a large database, more than a
 * small share of the time.
 */

/** Writes since the last ANALYZE that call for another one (PostgreSQL's base threshold is 50 rows per table). */
const WRITE_THRESHOLD = 200;
/** The least time between two ANALYZEs… */
const MIN_INTERVAL_MS = 5_000;
/** …and at most one fiftieth of the time spent analysing. */
const COST_FACTOR = 50;

const WRITE = /^\s*(insert|update|delete)\b/i;

export type AutoAnalyze = {
  /** Notes a statement sent to the database. */
  noteStatement(text: string): void;
  /** Runs ANALYZE when it is due (called by a timer). */
  tick(now?: number): Promise<void>;
};

export function createAutoAnalyze(analyze: () => Promise<unknown>): AutoAnalyze {
  let writes = 0;
  let running = false;
  let notBefore = 0;
  return {
    noteStatement(text) {
      if (WRITE.test(text)) writes += 1;
    },
    async tick(now = Date.now()) {
      if (running || writes < WRITE_THRESHOLD || now < notBefore) return;
      running = true;
      writes = 0;
      const started = performance.now();
      try {
        await analyze();
      } catch {
        // A closing database: nothing to gather any more.
      } finally {
        notBefore = now + Math.max(MIN_INTERVAL_MS, (performance.now() - started) * COST_FACTOR);
        running = false;
      }
    },
  };
}
