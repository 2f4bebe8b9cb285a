import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json', { eager: true });

/** A fresh i18next instance holding every namespace of the app, in the given language. */
export function createTestI18n(language: 'fr' | 'en' = 'fr') {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] && match[2]) (resources[match[1]] ??= {})[match[2]] = module.default;
  }
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'fr',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/** Renders inside Mantine (with notifications) and a test i18next instance; rerender keeps them. */
export function renderWithProviders(ui: ReactElement, { language = 'fr' }: { language?: 'fr' | 'en' } = {}) {
  const i18n = createTestI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}
