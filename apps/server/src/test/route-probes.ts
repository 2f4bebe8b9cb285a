import type { RouteOptions } from 'fastify';
import type { z } from 'zod';

/**
 * Broken requests for one registered route, built from its path and its zod schemas: the inputs
 * an attacker or a buggy client sends (ids out of the int4 range, NUL bytes, wrong JSON types).
 * Used by the route sweep (http/route-sweep.test.ts).
 */
export type Probe = { route: string; method: string; url: string; payload?: string; what: string };

/** Values of one path parameter, sent one parameter at a time. */
const BROKEN_PARAMS = ['abc', '-1', '0', '1.5', '2147483648', '99999999999999999999', '%00', 'a%00b', '%E0%A4%A'];
const BROKEN_QUERY = ['a%00b', '2147483648', '99999999999999999999'];
const RAW_BODIES = ['{}', 'null', '[]', '"x"'];
/** Keys tried where a schema does not name its fields (no schema, or a record of unknown values). */
const GENERIC_KEYS = ['id', 'name', 'email', 'username', 'firstName', 'lastName', 'label', 'search', 'code', 'limit', 'offset'];
const NUL_TEXT = 'a\u0000b';
/** A UTF-16 surrogate without its pair: valid JSON (`"\ud800"`), not storable in jsonb. */
const LONE_TEXT = 'a\ud800b';
/** PostgreSQL's int4 maximum, written here rather than imported: the sweep must not trust the code it checks. */
const INT4_MAX = 2 ** 31 - 1;
const HUGE = INT4_MAX + 1;

type Fill = 'plain' | 'nul' | 'lone' | 'wrong';
const TEXT: Record<Fill, unknown> = { plain: 'x', nul: NUL_TEXT, lone: LONE_TEXT, wrong: 12 };
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** A JSON value shaped like `schema`: valid where it can be ('plain'), or broken in one way. */
function fillSchema(schema: unknown, fill: Fill, depth = 0): unknown {
  const def = defOf(schema);
  const text = TEXT[fill];
  switch (def.type) {
    case 'string':
    case 'unknown':
    case 'any':
      return text;
    case 'number':
    case 'int':
      return fill === 'wrong' ? 'abc' : 1;
    case 'boolean':
      return fill === 'wrong' ? 'x' : false;
    case 'enum':
      return fill === 'wrong' ? 12 : Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return fill === 'wrong' ? {} : (def.values as unknown[])[0];
    case 'date':
      return fill === 'wrong' ? 'x' : '2026-01-01';
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fillSchema(def.innerType, fill, depth);
    case 'pipe': {
      // z.preprocess is a pipe from a transform: the schema that checks the value is its output.
      const inner = defOf(def.in).type === 'transform' ? def.out : def.in;
      return fillSchema(inner, fill, depth);
    }
    case 'lazy':
      return depth > 4 ? null : fillSchema((def.getter as () => unknown)(), fill, depth + 1);
    case 'union':
      return fillSchema((def.options as unknown[])[0], fill, depth);
    case 'intersection':
      return { ...(fillSchema(def.left, fill, depth) as object), ...(fillSchema(def.right, fill, depth) as object) };
    case 'array':
      return fill === 'wrong' && depth > 0 ? { x: 1 } : [fillSchema(def.element, fill, depth + 1)];
    case 'tuple':
      return (def.items as unknown[]).map((item) => fillSchema(item, fill, depth + 1));
    case 'record':
      return Object.fromEntries(GENERIC_KEYS.map((key) => [key, fillSchema(def.valueType, fill, depth + 1)]));
    case 'object':
      if (fill === 'wrong' && depth > 0) return 'x';
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => [key, fillSchema(field, fill, depth + 1)]),
      );
    default:
      return text;
  }
}

/** `body` once per number in it, that number set beyond int4 (one at a time: another field's own bound must not hide it). */
function withHugeNumbers(body: unknown): unknown[] {
  const variants: unknown[] = [];
  const visit = (value: unknown, replace: (next: unknown) => unknown) => {
    if (typeof value === 'number') variants.push(replace(HUGE));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        visit(child, (next) =>
          replace(Array.isArray(value) ? value.map((item, index) => (String(index) === key ? next : item)) : { ...value, [key]: next }),
        );
      }
    }
  };
  visit(body, (next) => next);
  return variants;
}

/** The keys of an object schema (after optional/default wrappers), or the generic keys. */
function keysOf(schema: unknown): string[] {
  let def = schema ? defOf(schema) : null;
  while (def?.innerType) def = defOf(def.innerType);
  return def?.type === 'object' ? Object.keys(def.shape as object) : GENERIC_KEYS;
}

const PARAM = /:(\w+)(\([^)]*\))?/g;

/** Every path parameter of a Fastify route URL, in order. */
function paramsOf(url: string): string[] {
  return [...url.matchAll(PARAM)].map((match) => match[1]!);
}

/** Beyond what any route may take, whatever its schema says: a NUL, or an integer outside int4. */
function isDangerous(text: string): boolean {
  return text.includes('\0') || (/^-?\d+$/.test(text) && Math.abs(Number(text)) > INT4_MAX);
}

/** A parameter as the route reads it; null for a malformed escape, which every route must refuse. */
function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The probes of one route. `valid` gives each parameter a value that passes (the locale, a
 * managed course, a known entity alias), so that one broken parameter at a time reaches the handler.
 * Only input the route must refuse is sent: input it accepts (index 0, a search text "abc", an
 * undeclared query key) is a legitimate call, maybe a write, not a probe.
 */
export function probesOf(route: RouteOptions, method: string, valid: (param: string) => string): Probe[] {
  const schema = (route.schema ?? {}) as { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  const name = `${method} ${route.url}`;
  const params = paramsOf(route.url);
  const urlOf = (values: Record<string, string>, raw: Record<string, string> = {}) =>
    route.url.replace(PARAM, (_match, param: string) => raw[param] ?? encodeURIComponent(values[param]!));
  const validParams = () => Object.fromEntries(params.map((param) => [param, valid(param)]));
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const plainBody = hasBody && schema.body ? JSON.stringify(fillSchema(schema.body, 'plain')) : undefined;
  const probes: Probe[] = [];

  for (const param of params) {
    for (const value of BROKEN_PARAMS) {
      const text = decode(value);
      const values = { ...validParams(), [param]: text ?? value };
      if (text !== null && !isDangerous(text) && schema.params?.safeParse(values).success) continue;
      probes.push({ route: name, method, url: urlOf(values, { [param]: value }), payload: plainBody, what: `param ${param}=${value}` });
    }
  }
  for (const key of keysOf(schema.querystring)) {
    for (const value of BROKEN_QUERY) {
      const text = decode(value) ?? value;
      // An undeclared key is ignored by the route, so only its NUL is refused (by the shared check).
      const refused = schema.querystring
        ? isDangerous(text) || !schema.querystring.safeParse({ [key]: text }).success
        : text.includes('\0');
      if (refused)
        probes.push({
          route: name,
          method,
          url: `${urlOf(validParams())}?${key}=${value}`,
          payload: plainBody,
          what: `query ${key}=${value}`,
        });
    }
  }
  if (!hasBody) return probes;
  const bodies: [string, unknown][] = schema.body
    ? [
        ...RAW_BODIES.map((raw): [string, unknown] => [raw, JSON.parse(raw)]),
        ['nul', fillSchema(schema.body, 'nul')],
        ['lone', fillSchema(schema.body, 'lone')],
        ['wrong', fillSchema(schema.body, 'wrong')],
        ...withHugeNumbers(fillSchema(schema.body, 'plain')).map((body): [string, unknown] => ['huge', body]),
      ]
    : [['nul', Object.fromEntries(GENERIC_KEYS.map((key) => [key, NUL_TEXT]))]];
  for (const [what, body] of bodies) {
    const payload = JSON.stringify(body);
    const refused = /\\u0000|\\ud800/.test(payload) || payload.includes(String(HUGE)) || !schema.body?.safeParse(body).success;
    if (refused) probes.push({ route: name, method, url: urlOf(validParams()), payload, what: `body ${what}` });
  }
  return probes;
}
