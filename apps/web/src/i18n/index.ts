import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../shell/session';
import type { Namespaces } from './namespaces';

export const SUPPORTED_LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The stored choice, else the browser language, else French. */
function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? readLocal('locale') : null;
  if (stored === 'fr' || stored === 'en') return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'fr';
  return browser === 'en' ? 'en' : 'fr';
}

/**
 * fr (default) and en texts, each language in two chunks (decision 034): the sign-in pages' namespaces
 * (`first`, loaded beside the page's code) and the others (`rest`, loaded with the first other page, see
 * `loadAllTexts`). Only the shown language and French (the fallback) are loaded.
 */
type Part = 'first' | 'rest';
const bundles: Record<Language, Record<Part, () => Promise<{ default: Namespaces }>>> = {
  fr: { first: () => import('./resources-first-fr'), rest: () => import('./resources-rest-fr') },
  en: { first: () => import('./resources-first-en'), rest: () => import('./resources-rest-en') },
};

const language = initialLanguage();
// The download starts now, beside i18next's set-up.
const initialFirst = [...new Set<Language>([language, 'fr'])].map((lang) => [lang, bundles[lang].first()] as const);

const initialized = i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: language,
  fallbackLng: 'fr',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loaded = new Map<string, Promise<void>>();
/** Adds one part of a language's texts to i18next, once it has been fetched. */
function loadPart(lang: Language, part: Part, download = bundles[lang][part]): Promise<void> {
  const key = `${lang}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = Promise.all([download(), initialized]).then(([bundle]) => addBundle(lang, bundle.default));
    loaded.set(key, done);
    // A chunk that could not be fetched (a network blip) is asked for again by the next page, not given up.
    done.catch(() => loaded.delete(key));
  }
  return done;
}

/** Resolves once i18next is set up with the sign-in texts of the shown language: main.tsx renders after it. */
export const i18nReady: Promise<unknown> = Promise.all(initialFirst.map(([lang, download]) => loadPart(lang, 'first', () => download)));

let allWanted = false;
const shownLanguages = () => [...new Set<Language>([i18n.language === 'en' ? 'en' : 'fr', 'fr'])];

/** Every namespace of the shown language and French: the routes other than sign-in wait for it with their code. */
export function loadAllTexts(): Promise<unknown> {
  allWanted = true;
  return Promise.all(shownLanguages().map((lang) => Promise.all([loadPart(lang, 'first'), loadPart(lang, 'rest')])));
}

function addBundle(lang: Language, namespaces: Namespaces): void {
  for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(lang, namespace, texts, true, true);
}

i18n.on('languageChanged', (language) => {
  writeLocal('locale', language);
  document.documentElement.lang = language;
});

/** Switches the language once its texts are there (the sign-in texts, and the others once a page has needed them). */
export async function changeLanguage(language: Language): Promise<unknown> {
  await Promise.all([loadPart(language, 'first'), allWanted ? loadPart(language, 'rest') : null]);
  return i18n.changeLanguage(language);
}

export default i18n;
