import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@lea/shared';
import { useBrandTheme } from './theme';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

/** Theme, notifications (4 s, top-end), modals, dates and server state for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useBrandTheme();
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
          <Notifications position="top-right" autoClose={TOAST_DURATION_MS} />
          <ModalsProvider>{children}</ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
