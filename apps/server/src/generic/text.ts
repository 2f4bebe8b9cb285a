import type { Locale, TitledProfile } from '@lea/shared';
import { defaultProfileTitles, titleOf, type ProfileTitles } from '../services/profile-titles.js';
import { frenchTexts, renderText, text, type TextRef } from '../texts/index.js';
import type { PlatformWords, Speech, Text } from './types.js';

/**
 * A declaration's text in the request's language, with the platform's profile titles: give the
 * scope (a `Speech`). A bare locale is for texts that name no profile; a profile title rendered with
 * it reads the defaults.
 */
export function localize(value: Text, speech: Locale | Speech): string {
  const locale = typeof speech === 'string' ? speech : speech.locale;
  const titles = typeof speech === 'string' ? defaultProfileTitles(locale) : speech.titles[locale];
  if (typeof value === 'function') return value(locale, titles);
  return typeof value === 'string' ? text(locale, value) : renderText(value, locale, titles);
}

/** The platform's titles in the speech's locale. */
export function titlesOf(speech: Speech): ProfileTitles {
  return speech.titles[speech.locale];
}

/**
 * The engine's texts in French, for field errors (`ValidationError` carries a string): the answer
 * shows them in the reader's language (http/localize-answers.ts), like the shared rules' messages.
 */
export const FIELD_MESSAGES = frenchTexts('backOffice');

/** A profile's title, as every screen names it: the platform's own (decision 024), rendered with the scope. */
export const profileLabel =
  (profile: TitledProfile): PlatformWords =>
  (_locale, titles) =>
    titleOf(titles, profile);

/** A profile's title inside a phrase (`Nom (tuteur pédagogique)`, `Du tuteur pédagogique`): lower case. */
export const profileWord =
  (profile: TitledProfile): PlatformWords =>
  (locale, titles) =>
    titleOf(titles, profile).toLocaleLowerCase(locale);

/**
 * The param of the import screen's counts: they stay templates (`{count} groupe créé`), which the
 * web app fills with the count and the plural form of the language.
 */
export const COUNT_SLOT = { count: '{count}' } as const;

/** A cell of an import or export file: data as it is, a catalogue word (`oui`, `non`) in the language. */
export function cellOf(value: string | number | null | TextRef, speech: Locale | Speech): string | number | null {
  return value !== null && typeof value === 'object' ? localize(value, speech) : value;
}
