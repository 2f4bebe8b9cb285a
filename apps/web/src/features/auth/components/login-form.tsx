import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEmpty } from '@lea/shared';
import type { Tokens } from '../../../shell/session';
import { describeLoginFailure, login, type LoginFailure } from '../api';
import { tokensOf } from '../login-tokens';
import { LoginFailureAlert } from './login-failure-alert';
import { PasswordField } from './password-field';

type Field = 'username' | 'password';
type Props = { onAuthenticated: (tokens: Tokens, stayConnected: boolean) => Promise<void> };

/** Web sign-in (spec 1 §2.3, §5.4): both fields required, checked on input and on submit. */
export function LoginForm({ onAuthenticated }: Props) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [stayConnected, setStayConnected] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [loading, setLoading] = useState(false);

  const requiredError = (value: string) => (isEmpty(value) ? t('common:requiredField') : undefined);
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: requiredError(value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { username: requiredError(values.username), password: requiredError(values.password) };
    setErrors(found);
    if (found.username || found.password) return;
    setLoading(true);
    setFailure(null);
    try {
      const tokens = tokensOf(await login({ username: values.username.trim(), password: values.password, stayConnected }));
      if (tokens) await onAuthenticated(tokens, stayConnected);
      else setFailure({ key: 'badCredentials' });
    } catch (error) {
      setFailure(describeLoginFailure(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        <LoginFailureAlert failure={failure} />
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          withAsterisk
          value={values.username}
          error={errors.username}
          onChange={(event) => change('username', event.currentTarget.value)}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          withAsterisk
          value={values.password}
          error={errors.password}
          onChange={(event) => change('password', event.currentTarget.value)}
        />
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
        <Button type="submit" fullWidth loading={loading}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
