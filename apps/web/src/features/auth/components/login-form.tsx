import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginRequest } from '@lea/shared';
import { useZodForm } from '../../../forms/use-zod-form';
import type { Tokens } from '../../../shell/session';
import { describeLoginFailure, login, type LoginFailure } from '../api';
import { tokensOf } from '../login-tokens';
import { AuthForm } from './auth-form';
import { LoginFailureAlert } from './login-failure-alert';
import { PasswordField } from './password-field';

type Props = { onAuthenticated: (tokens: Tokens, stayConnected: boolean) => Promise<void> };

/** Web sign-in (spec 1 §2.3, §5.4): both fields required, checked on input and on submit. */
export function LoginForm({ onAuthenticated }: Props) {
  const { t } = useTranslation('auth');
  const [stayConnected, setStayConnected] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const form = useZodForm({
    schema: LoginRequest,
    initialValues: { username: '', password: '' },
    submit: async (request) => {
      setFailure(null);
      const tokens = tokensOf(await login({ ...request, stayConnected }));
      if (tokens) await onAuthenticated(tokens, stayConnected);
      else setFailure({ key: 'badCredentials' });
    },
    onError: (error) => setFailure(describeLoginFailure(error)),
  });

  return (
    <AuthForm title={t('login.title')} onSubmit={form.onSubmit}>
      <LoginFailureAlert failure={failure} />
      <TextInput label={t('login.username')} name="username" autoComplete="username" withAsterisk {...form.field('username')} />
      <PasswordField label={t('login.password')} name="password" autoComplete="current-password" withAsterisk {...form.field('password')} />
      <Group justify="space-between" gap="xs">
        <Checkbox
          label={t('login.stayConnected')}
          checked={stayConnected}
          onChange={(event) => setStayConnected(event.currentTarget.checked)}
        />
        <Anchor component={Link} to="/login/reset-password" size="sm">
          {t('login.forgotPassword')}
        </Anchor>
      </Group>
      <Button type="submit" fullWidth loading={form.busy}>
        {t('login.submit')}
      </Button>
    </AuthForm>
  );
}
