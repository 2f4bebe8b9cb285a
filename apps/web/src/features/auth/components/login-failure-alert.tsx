import { Alert, Anchor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginFailure } from '../api';

/** The sign-in failure shown above the form. */
export function LoginFailureAlert({ failure }: { failure: LoginFailure | null }) {
  const { t } = useTranslation('auth');
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
      {'key' in failure ? t(`login.${failure.key}`) : failure.text}
      {'key' in failure && failure.key === 'passwordNotAllowed' && (
        <>
          {' '}
          <Anchor component={Link} to="/login/email" size="sm">
            {t('emailSignIn.entry')}
          </Anchor>
        </>
      )}
    </Alert>
  );
}
