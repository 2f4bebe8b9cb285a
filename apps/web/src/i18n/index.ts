import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../shell/session';

/**
 * fr (default) and en resources: every `locales/{lang}/{namespace}.json` is a namespace named
 * after its file, so each feature keeps its own texts.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(files)) {
  const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, namespace] = match as unknown as [string, string, string];
  (resources[lang] ??= {})[namespace] = module.default;
}

export const SUPPORTED_LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The stored choice, else the browser language, else French. */
function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? readLocal('locale') : null;
  if (stored === 'fr' || stored === 'en') return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'fr';
  return browser === 'en' ? 'en' : 'fr';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'fr',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  defaultNS: 'common',
  ns: Object.keys(resources.fr ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (language) => {
  writeLocal('locale', language);
  document.documentElement.lang = language;
});

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export default i18n;
