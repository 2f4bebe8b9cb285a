import { useEffect, useRef } from 'react';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Overlay, Stack, Text } from '@mantine/core';
import { IconUserCheck, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { appState, useAppState } from './app-state';
import { revokeCurrentSession } from './api-client';
import { refreshKeptCopies, useShownDataTime } from './offline-queries';
import { sendPendingWrites } from './pending-writes';
import { isImpersonating, stopImpersonation } from './session';
import { useLogout } from './use-logout';

/**
 * 'Mode hors-ligne' while the browser or the last call says there is no connection, with the time
 * the data on screen dates from, and why buttons that need the server are disabled.
 */
export function OfflineBanner() {
  const offline = useAppState((state) => state.offline);
  const queryClient = useQueryClient();
  useEffect(() => {
    const online = () => appState.setOffline(false);
    const offlineNow = () => appState.setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineNow);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineNow);
    };
  }, []);
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (offline) {
      wasOffline.current = true;
      return;
    }
    refreshKeptCopies(queryClient);
    // Only when the network comes back: at start the browser database is not loaded (decision 034).
    if (wasOffline.current) void sendPendingWrites(queryClient);
    wasOffline.current = false;
  }, [offline, queryClient]);
  if (!offline) return null;
  return (
    <Alert color="orange" variant="filled" radius={0} py={6} icon={<IconWifiOff size={18} />} role="status" data-testid="offline-banner">
      <OfflineMark />
    </Alert>
  );
}

/** Only mounted offline: it follows the query cache, which changes often. */
function OfflineMark() {
  const { t } = useTranslation('shell');
  const since = useShownDataTime();
  if (since === null) return <>{t('offline')}</>;
  const time = dayjs(since);
  const mark = time.isSame(dayjs(), 'day')
    ? t('offlineMark.dataFromTime', { time: time.format('HH:mm') })
    : t('offlineMark.dataFromDay', { day: time.format('DD/MM/YYYY'), time: time.format('HH:mm') });
  return (
    <>
      {mark} {t('offlineMark.actions')}
    </>
  );
}

/**
 * While acting as another user: who is signed in, by whom, and the way back. The token says so
 * (`me.impersonator`) even in a tab that has no saved original tokens (a new tab of a kept
 * session): there the way out is to log out.
 */
export function ImpersonationBanner({ target, impersonator }: { target: string; impersonator: string | null }) {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const canRestore = isImpersonating();
  if (!canRestore && impersonator === null) return null;
  const restore = () => {
    // The impersonation's own session ends on the server before the original tokens come back.
    revokeCurrentSession();
    if (stopImpersonation()) window.location.assign('/dashboard/home');
  };
  return (
    <Alert color="yellow" variant="light" radius={0} py={6} icon={<IconUserCheck size={18} />} role="status">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {impersonator ? t('impersonation.asUserBy', { target, name: impersonator }) : t('impersonation.asUser', { target })}
        </Text>
        <Button size="compact-sm" color="yellow" onClick={canRestore ? restore : logout}>
          {canRestore ? t('impersonation.back') : t('impersonation.logout')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The global loader (file downloads, triad changes) with its message. */
export function GlobalLoader() {
  const { t } = useTranslation();
  const loading = useAppState((state) => state.loading);
  if (!loading) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.45} blur={1} center>
      <Stack align="center" gap="sm" role="alert" aria-busy="true">
        <Loader color="white" />
        <Text c="white" fw={600}>
          {t(loading)}
        </Text>
      </Stack>
    </Overlay>
  );
}
