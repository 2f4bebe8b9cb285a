import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEmpty, RECOVERY_NOTICE_DURATION_MS } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { askResetPassword } from '../api';

/** Reset password (spec 1 §2.5, §5.4): the username error is cleared on input, never set by it. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty(username)) {
      setError(t('common:requiredField'));
      return;
    }
    setLoading(true);
    try {
      await askResetPassword(username.trim());
      notifications.show({ color: 'green', message: t('reset.reset_password_confirm'), autoClose: RECOVERY_NOTICE_DURATION_MS });
      await navigate('/login');
    } catch (cause) {
      const fieldError = cause instanceof ApiRequestError ? cause.errors[0]?.message : undefined;
      if (fieldError) setError(fieldError);
      else if (cause instanceof ApiRequestError && cause.status === 429) notifications.show({ color: 'red', message: cause.message });
      else notifications.show({ color: 'red', message: t('common:errors.generic') });
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('reset.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reset.intro')}
        </Text>
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          withAsterisk
          value={username}
          error={error}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Button type="submit" fullWidth loading={loading}>
          {t('reset.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('reset.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
