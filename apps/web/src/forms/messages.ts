import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage, type Locale } from '@lea/shared';

/**
 * The shared rules answer the spec's French texts (the server sends the same ones on /api/fr); the
 * shared catalogue shows them in the current language. Unknown texts (a server's own message,
 * already in the reader's language) pass through.
 */
export function translateMessage(message: string, language: string): string {
  const locale: Locale = language.startsWith('en') ? 'en' : 'fr';
  return localizeMessage(message, locale);
}

export function useTranslateMessage(): (message: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((message: string) => translateMessage(message, language), [language]);
}
