import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@lea/shared';
import { readThemeMode, themeModeManager, useBrandCssVariables, useBrandTheme } from './theme';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';

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
