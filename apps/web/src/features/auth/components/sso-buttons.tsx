import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ssoStartUrl, useSsoProviders } from '../sso-api';

/**
 * The platform's single sign-on buttons ("Se connecter avec …", issue 20 §2), shown under the
 * sign-in forms by SignInAlternatives, and the neutral message of a failed single sign-on
 * (`/login?sso=failed`: the reason stays in the server's log).
 */
export function SsoButtons() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const providers = useSsoProviders();
  const failed = params.get('sso') === 'failed';
  if (!failed && !providers.data?.length) return null;
  return (
    <Stack gap="xs">
      {failed && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {t('sso.failed')}
        </Alert>
      )}
      {providers.data?.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={ssoStartUrl(provider.id)}
          variant="outline"
          fullWidth
          leftSection={<IconKey size={18} />}
        >
          {t('sso.signInWith', { label: provider.label })}
        </Button>
      ))}
    </Stack>
  );
}
