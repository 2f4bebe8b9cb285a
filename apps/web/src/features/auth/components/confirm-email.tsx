import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shell/api-client';
import { confirmEmail } from '../api';
import { ONE_SHOT_QUERY } from '../one-shot-query';

/**
 * Opens the confirmation link of an e-mail change. The link works once: a query (not an effect)
 * sends it, so that a remount does not send it a second time and report the used link as expired.
 * The account's sessions end with the change, hence the way back to the sign-in.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const confirmation = useQuery({
    queryKey: ['auth', 'confirm-email', token],
    queryFn: () => confirmEmail(token),
    // A used or expired link is an outcome this page tells, not the error page's 404.
    ...ONE_SHOT_QUERY,
  });
  const expired = confirmation.error instanceof ApiRequestError && confirmation.error.status >= 400 && confirmation.error.status < 500;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('confirmEmail.title')}
      </Title>
      {confirmation.isPending && <Loader aria-label={t('confirmEmail.inProgress')} />}
      {confirmation.data && (
        <Alert color="green" data-testid="confirm-email-done">
          {t('confirmEmail.done', { email: confirmation.data.email })}
        </Alert>
      )}
      {confirmation.isError && (
        <Alert color="red" data-testid="confirm-email-failed">
          {expired ? t('confirmEmail.expired') : t('common:errors.generic')}
        </Alert>
      )}
      {!confirmation.isPending && (
        <Button fullWidth onClick={() => void navigate('/login')}>
          {t('confirmEmail.signIn')}
        </Button>
      )}
    </Stack>
  );
}
