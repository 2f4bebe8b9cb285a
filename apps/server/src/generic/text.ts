import { profileTitle, type Locale, type TitledProfile } from '@lea/shared';
import { frenchTexts, renderText, text, type TextRef } from '../texts/index.js';
import type { Text } from './types.js';

/** A declaration's text in the request's language. */
export function localize(value: Text, locale: Locale): string {
  if (typeof value === 'function') return value(locale);
  return typeof value === 'string' ? text(locale, value) : renderText(value, locale);
}

/**
 * The engine's texts in French, for field errors (`ValidationError` carries a string): the answer
 * shows them in the reader's language (http/localize-answers.ts), like the shared rules' messages.
 */
export const FIELD_MESSAGES = frenchTexts('backOffice');

/** A profile's title, as every screen names it (packages/shared profile-titles.ts). */
export const profileLabel = (profile: TitledProfile) => (locale: Locale) => profileTitle(profile, locale);

/** A profile's title inside a phrase (`Nom (tuteur pédagogique)`, `Du tuteur pédagogique`): lower case. */
export const profileWord = (profile: TitledProfile) => (locale: Locale) => profileTitle(profile, locale).toLocaleLowerCase(locale);

/**
 * The param of the import screen's counts: they stay templates (`{count} groupe créé`), which the
 * web app fills with the count and the plural form of the language.
 */
export const COUNT_SLOT = { count: '{count}' } as const;

/** A cell of an import or export file: data as it is, a catalogue word (`oui`, `non`) in the language. */
export function cellOf(value: string | number | null | TextRef, locale: Locale): string | number | null {
  return value !== null && typeof value === 'object' ? renderText(value, locale) : value;
}
