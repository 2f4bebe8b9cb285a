import { useEffect } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconHome, IconLogin, IconRefresh } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppState, type PageError } from './app-state';
import { getTokens } from './session';

/** Codes with a message of their own (spec 1 §8.2); any other shows the stored message under 'Ooops!'. */
const KNOWN_CODES = new Set([401, 403, 404, 503]);

/** The code to show: the navigation's, else the stored page error's, else 404. */
export function resolveErrorCode(stateCode: unknown, pageError: PageError | null): number {
  if (typeof stateCode === 'number' && Number.isInteger(stateCode)) return stateCode;
  return pageError?.code ?? 404;
}

export type ErrorAction = 'back' | 'login' | 'home' | 'reload';

/** 403 goes back; on /error the way out is login (or home once signed in); elsewhere a reload. */
export function errorAction(code: number, pathname: string, signedIn: boolean): ErrorAction {
  if (code === 403) return 'back';
  if (pathname === '/error') return signedIn ? 'home' : 'login';
  return 'reload';
}

const ACTION_ICONS = { back: IconArrowLeft, login: IconLogin, home: IconHome, reload: IconRefresh } as const;

export default function ErrorPage() {
  const { t } = useTranslation('error');
  const navigate = useNavigate();
  const location = useLocation();
  const pageError = useAppState((state) => state.pageError);
  const code = resolveErrorCode((location.state as { code?: unknown } | null)?.code, pageError);
  const known = KNOWN_CODES.has(code);
  const action = errorAction(code, location.pathname, getTokens() !== null);
  const ActionIcon = ACTION_ICONS[action];

  useEffect(() => {
    // A fixed id keeps one notice when the effect runs twice (StrictMode) or the page re-renders.
    notifications.show({ id: 'error-occured', color: 'red', message: t('error_occured') });
  }, [t]);

  const act = () => {
    if (action === 'back') void navigate(-1);
    else if (action === 'login') void navigate('/login', { replace: true });
    else if (action === 'home') void navigate('/dashboard/home', { replace: true });
    else window.location.reload();
  };

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <Title order={1} fz={72} lh={1} c="var(--mantine-primary-color-filled)" aria-label={t('codeLabel', { code })}>
            {code}
          </Title>
          {!known && (
            <Title order={2} size="h3">
              {t('ooops')}
            </Title>
          )}
          <Text size="lg">{known ? t(`messages.${code}`) : pageError?.message || t('generic')}</Text>
          <Button leftSection={<ActionIcon size={18} />} onClick={act} mt="sm">
            {t(`actions.${action}`)}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
