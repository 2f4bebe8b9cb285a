/**
 * Typed text catalogues in fr and en. A text is a template whose `{name}` slots are its params:
 * the type of a key's params is read from its French template, so a missing key or param is a
 * type error, and the English side must hold exactly the same keys.
 */
import type { Locale } from './constants.js';

/** `'Ligne {line}, colonne {column}'` → `'line' | 'column'`. */
export type ParamsOf<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamsOf<Rest> : never;

export type ParamValue = string | number;
export type Params<S> = Record<ParamsOf<S>, ParamValue>;
/** The params argument of a key: none for a plain text, one record for a template. */
export type ParamsArg<S> = [ParamsOf<S>] extends [never] ? [] : [params: Params<S>];

export type Templates = Readonly<Record<string, string>>;
/** The English (or any other) side of a catalogue: the same keys as the French one. */
export type Translation<T extends Templates> = { readonly [K in keyof T]: string };
export type Catalogue<T extends Templates> = { readonly fr: T; readonly en: Translation<T> };

const SLOT = /\{(\w+)\}/g;

/** Fills the `{name}` slots of a template; a slot without a value stays as written (a test catches it). */
export function fillTemplate(template: string, params: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(SLOT, (slot, name: string) => (name in params ? String(params[name]) : slot));
}

/** The slot names of a template, sorted: the fr and en sides of a key must have the same ones. */
export function slotsOf(template: string): string[] {
  return [...template.matchAll(SLOT)].map((match) => match[1]!).sort();
}

export function defineCatalogue<T extends Templates>(fr: T, en: Translation<T>): Catalogue<T> {
  return { fr, en };
}

/** One text of a catalogue in a locale. */
export function formatText<T extends Templates, K extends keyof T & string>(
  catalogue: Catalogue<T>,
  locale: Locale,
  key: K,
  ...params: ParamsArg<T[K]>
): string {
  return fillTemplate(catalogue[locale][key], params[0]);
}

type Matcher = { pattern: RegExp; slots: string[]; render: (locale: Locale, values: Record<string, string>) => string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcherOf(catalogue: Catalogue<Templates>, key: string, template: string): Matcher {
  const slots = [...template.matchAll(SLOT)].map((match) => match[1]!);
  const source = template
    .split(SLOT)
    .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
    .join('');
  return {
    pattern: new RegExp(`^${source}$`),
    slots,
    render: (locale, values) => fillTemplate(catalogue[locale][key] ?? template, values),
  };
}

/**
 * Reads a French text back to its key and params and renders it in another locale. The shared
 * rules (zod schemas, form rules) run once, in French, on both sides; the server's answer and the
 * web's screen show their messages in the reader's language through this. Unknown texts pass through.
 */
export function createLocalizer(catalogues: readonly Catalogue<Templates>[]): (text: string, locale: Locale) => string {
  const exact = new Map<string, Matcher>();
  const templated: Matcher[] = [];
  for (const catalogue of catalogues) {
    for (const [key, template] of Object.entries(catalogue.fr)) {
      const matcher = matcherOf(catalogue, key, template);
      if (matcher.slots.length === 0) exact.set(template, matcher);
      else templated.push(matcher);
    }
  }
  return (text, locale) => {
    if (locale === 'fr') return text;
    const found = exact.get(text);
    if (found) return found.render(locale, {});
    for (const matcher of templated) {
      const match = matcher.pattern.exec(text);
      if (match) return matcher.render(locale, Object.fromEntries(matcher.slots.map((slot, index) => [slot, match[index + 1]!])));
    }
    return text;
  };
}
