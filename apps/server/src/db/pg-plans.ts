import type pg from 'pg';

/**
 * PostgreSQL parses and plans every unnamed statement anew, and the application's bigger statements
 * cost more to plan than to run (the course's triad page: 0.8 ms to parse and 2.4 ms to plan, 1.7 ms to
 * run). drizzle names only the statements its `.prepare(name)` builds; this names the others, so that
 * each connection parses a statement once and PostgreSQL's plan cache can keep its plan (issue 18 §2,
 * docs/performance.md).
 *
 * A statement text sent a second time with parameters gets a name of this process; node-postgres then
 * parses it once per connection and afterwards only binds and executes it. Only statements with
 * parameters qualify: they already use the extended protocol, so they hold a single statement.
 * At most MAX_NAMED texts are named (each connection may hold all of them): the first ones to repeat,
 * which are the hot ones; later texts are sent unnamed, as before.
 */

/** Texts named: every connection may keep a parsed statement and a plan of each. */
export const MAX_NAMED = 200;
/** Texts seen once and not yet named; the oldest go first. */
const MAX_SEEN = 2000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

export type StatementNames = {
  /** The name `text` runs under, or null when it stays unnamed (seen once, or too many named). */
  nameFor(text: string): string | null;
  /** How many texts are named (the tests' probe). */
  size(): number;
};

export function createStatementNames(maxNamed = MAX_NAMED): StatementNames {
  const named = new Map<string, string>();
  const seen = new Set<string>();
  return {
    nameFor(text) {
      const name = named.get(text);
      if (name !== undefined) return name;
      if (named.size >= maxNamed) return null;
      if (!seen.has(text)) {
        if (seen.size >= MAX_SEEN) seen.delete(seen.values().next().value!);
        seen.add(text);
        return null;
      }
      seen.delete(text);
      const fresh = `lea_${named.size + 1}`;
      named.set(text, fresh);
      return fresh;
    },
    size: () => named.size,
  };
}

const hasParameters = (values: unknown) => Array.isArray(values) && values.length > 0;

/** Makes a pool's connections name repeated statements (called on the pool's `connect` event). */
export function nameRepeatedStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config === 'object' && config !== null) {
      const statement = config as QueryConfig;
      if (statement.name === undefined && typeof statement.text === 'string' && hasParameters(rest[0] ?? statement.values)) {
        const name = names.nameFor(statement.text);
        if (name !== null) return query({ ...statement, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}
