/**
 * Intl formatters cost a fraction of a millisecond each to build (several times more on a phone), while
 * formatting with a built one is nearly free: the helpers that format one value per call (a list cell, a
 * progress figure, a timeline stamp) take theirs from here, one per locale and options.
 */
const built = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => F): F {
  let format = built.get(key) as F | undefined;
  if (!format) {
    format = build();
    built.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}
