import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEmpty, MOBILE_SPINNER_STOP_MS, type Website } from '@lea/shared';
import { appState } from '../../../shell/app-state';
import { writeLocal, type Tokens } from '../../../shell/session';
import { describeLoginFailure, fetchWebsites, login, type LoginFailure } from '../api';
import { tokensOf } from '../login-tokens';
import { LoginFailureAlert } from './login-failure-alert';
import { PasswordField } from './password-field';

type Props = { onAuthenticated: (tokens: Tokens, stayConnected: boolean) => Promise<void> };

/**
 * Mobile sign-in (spec 1 §2.4): the username first, then the platform when the user belongs to
 * several, then the password. A mobile session always stays connected.
 */
export function MobileLoginForm({ onAuthenticated }: Props) {
  const { t } = useTranslation('auth');
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string>();
  const [websites, setWebsites] = useState<Website[] | null>(null);
  const [platformId, setPlatformId] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => appState.setLoading(null), MOBILE_SPINNER_STOP_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const requiredError = (value: string) => (isEmpty(value) ? t('common:requiredField') : undefined);
  const platformChosen = websites !== null && (websites.length <= 1 || platformId !== null);

  const choosePlatform = (id: string | null, list: Website[]) => {
    setPlatformId(id);
    const website = list.find((candidate) => String(candidate.id) === id);
    if (website) writeLocal('platformName', website.name);
  };

  const confirmUsername = async () => {
    const error = requiredError(username);
    setUsernameError(error);
    if (error) return;
    setLoading(true);
    setFailure(null);
    try {
      const answer = await fetchWebsites(username.trim());
      setWebsites(answer.websites);
      const only = answer.websites.length === 1 ? answer.websites[0] : undefined;
      choosePlatform(only ? String(only.id) : null, answer.websites);
    } catch (cause) {
      setFailure(describeLoginFailure(cause));
    } finally {
      setLoading(false);
    }
  };

  const signIn = async () => {
    const error = requiredError(password);
    setPasswordError(error);
    if (error) return;
    setLoading(true);
    setFailure(null);
    try {
      const tokens = tokensOf(await login({ username: username.trim(), password, stayConnected: true }));
      if (tokens) await onAuthenticated(tokens, true);
      else setFailure({ key: 'badCredentials' });
    } catch (cause) {
      setFailure(describeLoginFailure(cause));
    } finally {
      setLoading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (websites === null) void confirmUsername();
    else if (platformChosen) void signIn();
  };

  const restart = () => {
    setWebsites(null);
    setPlatformId(null);
    setPassword('');
    setPasswordError(undefined);
    setFailure(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        <LoginFailureAlert failure={failure} />
        {websites === null ? (
          <TextInput
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            withAsterisk
            value={username}
            error={usernameError}
            onChange={(event) => {
              setUsername(event.currentTarget.value);
              setUsernameError(requiredError(event.currentTarget.value));
            }}
          />
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Text fw={500} truncate>
              {username.trim()}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={restart}>
              {t('mobile.changeUser')}
            </Anchor>
          </Group>
        )}
        {websites !== null && websites.length > 1 && (
          <Select
            label={t('mobile.platform')}
            placeholder={t('mobile.platformPlaceholder')}
            data={websites.map((website) => ({ value: String(website.id), label: website.name }))}
            value={platformId}
            onChange={(value) => choosePlatform(value, websites)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {platformChosen && (
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            withAsterisk
            value={password}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordError(requiredError(event.currentTarget.value));
            }}
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
      </Stack>
    </form>
  );
}
