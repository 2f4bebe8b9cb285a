import { Button, Divider, Stack } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SsoButtons } from './sso-buttons';

/** The other ways to sign in, under the password forms (web and mobile): single sign-on, then by e-mail. */
export function SignInAlternatives() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="xs" mt="md">
      <Divider label={t('emailSignIn.or')} labelPosition="center" />
      <SsoButtons />
      <Button component={Link} to="/login/email" variant="default" fullWidth leftSection={<IconMail size={18} aria-hidden />}>
        {t('emailSignIn.entry')}
      </Button>
    </Stack>
  );
}
