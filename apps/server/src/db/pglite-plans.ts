/**
 * PGlite plans every statement it is sent anew (its `query` uses unnamed statements), and planning
 * the application's joins costs more than running them: 0.55 ms of a profile read's 0.9 ms. PostgreSQL
 * keeps the plans of drizzle's named prepared statements per connection; this gives PGlite's single
 * session the same (issue 18, docs/performance.md).
 *
 * A statement text seen a second time is PREPAREd under a generated name, outside any transaction
 * (a PREPARE that fails — a parameter whose type cannot be inferred — would otherwise abort it, and the
 * text is then never tried again); afterwards it runs as `EXECUTE name(literals…)`, in or out of a
 * transaction. The parameters become literals, which EXECUTE coerces to the types PREPARE inferred, as
 * a bound parameter would be; only integers, booleans, null and short strings without NUL qualify, and a
 * statement with any other parameter (bytes, arrays, long texts) is sent as before.
 */

/** Statement texts remembered (seen once, prepared or refused); the oldest go first. */
const MAX_TEXTS = 1000;
/** Prepared statements kept in the session; the oldest is deallocated past it. */
const MAX_PREPARED = 300;
/** A longer string parameter is sent bound, as before. */
const MAX_LITERAL_LENGTH = 4096;

const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

type Param = unknown;

/** A literal EXECUTE accepts for `value`, or null when the value must stay a bound parameter. */
function literalOf(value: Param): string | null {
  if (value === null || value === undefined) return 'NULL';
  // Integers only: a fraction would be rounded by EXECUTE's cast where a bound parameter is refused.
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') {
    if (value.length > MAX_LITERAL_LENGTH || value.includes('\0')) return null;
    // standard_conforming_strings is on (PostgreSQL's default): only the quote needs doubling.
    return `'${value.replaceAll("'", "''")}'`;
  }
  return null;
}

type State = { kind: 'seen' } | { kind: 'refused' } | { kind: 'prepared'; name: string };

export type PlanCache = {
  /** The EXECUTE to send instead of `text` with `params`, when the statement is prepared; else null. */
  executeFor(text: string, params: readonly Param[] | undefined): string | null;
  /**
   * Outside a transaction: notes that `text` is being sent, and answers the PREPARE to run first when
   * it was seen before (`prepared` or `refused` must then be called with the outcome).
   */
  prepareFor(text: string, params: readonly Param[] | undefined): { statement: string; name: string } | null;
  prepared(text: string, name: string): void;
  refused(text: string): void;
  /** The DEALLOCATE of a statement pushed out by newer ones, to run outside a transaction. */
  takeEvicted(): string[];
};

export function createPlanCache(): PlanCache {
  const texts = new Map<string, State>();
  let preparedCount = 0;
  let counter = 0;
  const evicted: string[] = [];

  const remember = (text: string, state: State) => {
    texts.delete(text);
    texts.set(text, state);
    while (texts.size > MAX_TEXTS) {
      const [oldest, old] = texts.entries().next().value!;
      texts.delete(oldest);
      if (old.kind === 'prepared') {
        preparedCount -= 1;
        evicted.push(`deallocate ${old.name}`);
      }
    }
  };
  const literalsOf = (params: readonly Param[] | undefined): string[] | null => {
    const literals: string[] = [];
    for (const param of params ?? []) {
      const literal = literalOf(param);
      if (literal === null) return null;
      literals.push(literal);
    }
    return literals;
  };

  return {
    executeFor(text, params) {
      const state = texts.get(text);
      if (state?.kind !== 'prepared') return null;
      const literals = literalsOf(params);
      if (!literals) return null;
      return literals.length > 0 ? `execute ${state.name}(${literals.join(', ')})` : `execute ${state.name}`;
    },
    prepareFor(text, params) {
      if (!PREPARABLE.test(text)) return null;
      const state = texts.get(text);
      if (!state) {
        remember(text, { kind: 'seen' });
        return null;
      }
      if (state.kind !== 'seen' || literalsOf(params) === null) return null;
      counter += 1;
      const name = `lea_plan_${counter}`;
      return { statement: `prepare ${name} as ${text}`, name };
    },
    prepared(text, name) {
      preparedCount += 1;
      remember(text, { kind: 'prepared', name });
      while (preparedCount > MAX_PREPARED) {
        const oldest = [...texts.entries()].find(([, state]) => state.kind === 'prepared');
        if (!oldest) break;
        const [oldText, oldState] = oldest;
        texts.set(oldText, { kind: 'refused' });
        preparedCount -= 1;
        if (oldState.kind === 'prepared') evicted.push(`deallocate ${oldState.name}`);
      }
    },
    refused(text) {
      remember(text, { kind: 'refused' });
    },
    takeEvicted() {
      return evicted.splice(0);
    },
  };
}
