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
 * fr (default) and en texts: each language is one chunk of every namespace (`locales/{lang}/*.json`),
 * fetched beside the page's code; only the shown language (and French, the fallback) is loaded.
 */
const bundles: Record<Language, () => Promise<{ default: Namespaces }>> = {
  fr: () => import('./resources-fr'),
  en: () => import('./resources-en'),
};
const fetched = new Map<Language, Promise<{ default: Namespaces }>>();
const fetchBundle = (language: Language) => {
  let bundle = fetched.get(language);
  if (!bundle) {
    bundle = bundles[language]();
    fetched.set(language, bundle);
  }
  return bundle;
};

const language = initialLanguage();
const initialBundles = [...new Set<Language>([language, 'fr'])].map((lang) => fetchBundle(lang).then((bundle) => [lang, bundle] as const));

/** Resolves once i18next is set up with the shown language's texts: main.tsx renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: 'fr',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => Promise.all(initialBundles))
  .then((loaded) => {
    for (const [lang, bundle] of loaded) addBundle(lang, bundle.default);
  });

function addBundle(lang: Language, namespaces: Namespaces): void {
  for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(lang, namespace, texts, true, true);
}

i18n.on('languageChanged', (language) => {
  writeLocal('locale', language);
  document.documentElement.lang = language;
});

/** Switches the language once its texts are there. */
export async function changeLanguage(language: Language): Promise<unknown> {
  if (!i18n.hasResourceBundle(language, 'common')) addBundle(language, (await fetchBundle(language)).default);
  return i18n.changeLanguage(language);
}

export default i18n;
