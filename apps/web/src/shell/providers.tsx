import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
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

/** Opens the error page for a status (main.tsx navigates the router there). */
export type OpenErrorPage = (code: number) => void;

/**
 * Spec 1 §8.3: a page-data call failing with a status over 401 stores the error and shows the
 * error page. Queries that handle their own failure opt out with `meta: { errorPage: false }`.
 */
export function showPageError(error: unknown, meta: Record<string, unknown> | undefined, openErrorPage: OpenErrorPage): void {
  if (!(error instanceof ApiRequestError) || error.status <= 401 || meta?.errorPage === false) return;
  appState.setPageError({ code: error.status, message: error.message });
  openErrorPage(error.status);
}

/** The app's server-state cache; the shell knows nothing of the route table, so the way to the error page is given. */
export function createQueryClient(openErrorPage: OpenErrorPage): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => showPageError(error, query.meta, openErrorPage) }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, ...offlineQueryDefaults },
      mutations: offlineMutationDefaults,
    },
  });
}

const colorSchemeManager = themeModeManager();

/** Theme, notifications, dates and server state for the whole app. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
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
        <NoticeStack />
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}

const Notifications = lazy(() => import('./notifications'));

/**
 * The toasts (4 s, top-end), drawn from the first one shown: their stack, transitions and portal stay out of
 * the first page (decision 034). A toast shown before the stack's code is there waits in the store.
 */
function NoticeStack() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TOAST_DURATION_MS} />
    </Suspense>
  );
}
