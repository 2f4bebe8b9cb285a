import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { DatesProvider } from '@mantine/dates';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@lea/shared';
import { ApiRequestError } from './api-client';
import { appState } from './app-state';
import { offlineMutationDefaults, offlineQueryDefaults } from './offline-queries';
import { readThemeMode, themeModeManager, useBrandCssVariables, useBrandTheme } from './theme';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';

/**
 * Spec 1 §8.3: a page-data call failing with a status over 401 stores the error and shows the
 * error page. Queries that handle their own failure opt out with `meta: { errorPage: false }`.
 */
export function showPageError(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (!(error instanceof ApiRequestError) || error.status <= 401 || meta?.errorPage === false) return;
  appState.setPageError({ code: error.status, message: error.message });
  // Loaded on demand: the router module imports the shell, and building it here would start routing in tests.
  void import('../router').then(({ router }) =>
    router.navigate('/error', { state: { code: error.status } }),
  );
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => showPageError(error, query.meta) }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, ...offlineQueryDefaults },
    mutations: offlineMutationDefaults,
  },
});

const colorSchemeManager = themeModeManager();

/** Theme, notifications (4 s, top-end), modals, dates and server state for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProviders>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}

/** The brand theme comes from the design query, so it sits inside the query client. */
function ThemedProviders({ children }: { children: ReactNode }) {
  const theme = useBrandTheme();
  const cssVariablesResolver = useBrandCssVariables();
  const { i18n } = useTranslation();
  const mode = readThemeMode();
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={mode === 'system' ? 'auto' : mode}
      cssVariablesResolver={cssVariablesResolver}
    >
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <Notifications position="top-right" autoClose={TOAST_DURATION_MS} />
        <ModalsProvider>{children}</ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
