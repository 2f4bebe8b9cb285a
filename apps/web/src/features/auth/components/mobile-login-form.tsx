import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginRequest, MOBILE_SPINNER_STOP_MS, type Website } from '@lea/shared';
import { useZodForm } from '../../../forms/use-zod-form';
import { appState } from '../../../shell/app-state';
import { writeLocal, type Tokens } from '../../../shell/session';
import { describeLoginFailure, fetchWebsites, login, type LoginFailure } from '../api';
import { tokensOf } from '../login-tokens';
import { AuthForm } from './auth-form';
import { LoginFailureAlert } from './login-failure-alert';
import { PasswordField } from './password-field';

/** Only users of several platforms see the choice: its Select (and its popover) load then. */
const PlatformSelect = lazy(() => import('./platform-select'));

const UsernameStep = LoginRequest.pick({ username: true });
const PasswordStep = LoginRequest.pick({ password: true });

type Props = { onAuthenticated: (tokens: Tokens, stayConnected: boolean) => Promise<void> };

/**
 * Mobile sign-in (spec 1 §2.4): the username first, then the platform when the user belongs to
 * several, then the password. A mobile session always stays connected.
 */
export function MobileLoginForm({ onAuthenticated }: Props) {
  const { t } = useTranslation('auth');
  const [websites, setWebsites] = useState<Website[] | null>(null);
  const [platformId, setPlatformId] = useState<string | null>(null);
  const [failure, setFailure] = useState<LoginFailure | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => appState.setLoading(null), MOBILE_SPINNER_STOP_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const platformChosen = websites !== null && (websites.length <= 1 || platformId !== null);
  const choosePlatform = (id: string | null, list: Website[]) => {
    setPlatformId(id);
    const website = list.find((candidate) => String(candidate.id) === id);
    if (website) writeLocal('platformName', website.name);
  };

  const usernameStep = useZodForm({
    schema: UsernameStep,
    initialValues: { username: '' },
    submit: ({ username }) => {
      setFailure(null);
      return fetchWebsites(username);
    },
    onSuccess: (answer) => {
      setWebsites(answer.websites);
      const only = answer.websites.length === 1 ? answer.websites[0] : undefined;
      choosePlatform(only ? String(only.id) : null, answer.websites);
    },
    onError: (error) => setFailure(describeLoginFailure(error)),
  });
  const username = usernameStep.values.username.trim();
  const passwordStep = useZodForm({
    schema: PasswordStep,
    initialValues: { password: '' },
    submit: async ({ password }) => {
      setFailure(null);
      const tokens = tokensOf(await login({ username, password, stayConnected: true }));
      if (tokens) await onAuthenticated(tokens, true);
      else setFailure({ key: 'badCredentials' });
    },
    onError: (error) => setFailure(describeLoginFailure(error)),
  });

  const submit = (event: FormEvent) => {
    if (websites === null) usernameStep.onSubmit(event);
    else if (platformChosen) passwordStep.onSubmit(event);
    else event.preventDefault();
  };

  const restart = () => {
    setWebsites(null);
    setPlatformId(null);
    passwordStep.reset();
    setFailure(null);
  };
  const loading = usernameStep.busy || passwordStep.busy;

  return (
    <AuthForm title={t('login.title')} onSubmit={submit}>
      <LoginFailureAlert failure={failure} />
      {websites === null ? (
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          withAsterisk
          {...usernameStep.field('username')}
        />
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500} truncate>
            {username}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={restart}>
            {t('mobile.changeUser')}
          </Anchor>
        </Group>
      )}
      {websites !== null && websites.length > 1 && (
        <Suspense fallback={null}>
          <PlatformSelect
            label={t('mobile.platform')}
            placeholder={t('mobile.platformPlaceholder')}
            data={websites.map((website) => ({ value: String(website.id), label: website.name }))}
            value={platformId}
            onChange={(value) => choosePlatform(value, websites)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Suspense>
      )}
      {platformChosen && (
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          withAsterisk
          {...passwordStep.field('password')}
        />
      )}
      {websites === null ? (
        <Button type="submit" fullWidth loading={loading}>
          {t('mobile.confirm')}
        </Button>
      ) : (
        <Button type="submit" fullWidth loading={loading} disabled={!platformChosen}>
          {t('login.submit')}
        </Button>
      )}
      <Anchor component={Link} to="/login/reset-password" size="sm" ta="center">
        {t('login.forgotPassword')}
      </Anchor>
    </AuthForm>
  );
}
