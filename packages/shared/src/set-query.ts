/**
 * The `set` query of the manager area's add screens (spec 3 §2.1: "list of name/value pairs such as
 * startDate"; a lesson's add holds its subject, a subject's its unit): a JSON list of
 * `{name, value}` pairs that the form reads as initial values.
 */
export type SetPair = { name: string; value: string | number };

export function writeSetQuery(pairs: readonly SetPair[]): string {
  return JSON.stringify(pairs.map(({ name, value }) => ({ name, value: String(value) })));
}

/** The pairs of a `set` query as a map; anything malformed reads as no pair at all. */
export function readSetQuery(raw: string | undefined | null): Record<string, string> {
  if (!raw || raw.length > 2000) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!Array.isArray(parsed)) return {};
  const pairs: Record<string, string> = {};
  for (const pair of parsed) {
    if (typeof pair !== 'object' || pair === null) continue;
    const { name, value } = pair as { name?: unknown; value?: unknown };
    if (typeof name === 'string' && (typeof value === 'string' || typeof value === 'number')) pairs[name] = String(value);
  }
  return pairs;
}
