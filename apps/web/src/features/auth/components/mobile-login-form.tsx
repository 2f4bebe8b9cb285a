import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_SPINNER_STOP_MS, SIGN_IN_PASSWORD_MAX_LENGTH, SIGN_IN_USERNAME_MAX_LENGTH } from '@lea/shared/constants';
import type { Website } from '@lea/shared';
import { appState } from '../../../shell/app-state';
import { writeLocal } from '../../../shell/session';
import { tokensOf } from '../login-tokens';
import { describeLoginFailure, fetchWebsites, login, type LoginFailure } from '../sign-in-api';
import { SignInLink } from '../sign-in-navigation';
import { useSignInForm } from '../use-sign-in-form';
import classes from '../sign-in.module.css';
import { AuthForm } from './auth-form';
import { LoginFailureAlert } from './login-failure-alert';
import type { OnAuthenticated } from './login-form';
import { PasswordField, SubmitButton, TextField } from './sign-in-fields';

/** The platform choice of a user of several platforms: a native list, the phone's own picker. */
function PlatformSelect({ websites, value, onChange }: { websites: Website[]; value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {t('mobile.platform')}
      </label>
      <select id={id} className={classes.input} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="" disabled>
          {t('mobile.platformPlaceholder')}
        </option>
        {websites.map((website) => (
          <option key={website.id} value={String(website.id)}>
            {website.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Mobile sign-in (spec 1 §2.4): the username first, then the platform when the user belongs to
 * several, then the password. A mobile session always stays connected.
 */
export function MobileLoginForm({ onAuthenticated }: { onAuthenticated: OnAuthenticated }) {
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

  const usernameStep = useSignInForm({ username: { max: SIGN_IN_USERNAME_MAX_LENGTH } }, async ({ username }) => {
    setFailure(null);
    try {
      const answer = await fetchWebsites(username.trim());
      setWebsites(answer.websites);
      const only = answer.websites.length === 1 ? answer.websites[0] : undefined;
      choosePlatform(only ? String(only.id) : null, answer.websites);
    } catch (error) {
      setFailure(describeLoginFailure(error));
    }
  });
  const username = usernameStep.values.username.trim();
  const passwordStep = useSignInForm({ password: { max: SIGN_IN_PASSWORD_MAX_LENGTH } }, async ({ password }) => {
    setFailure(null);
    try {
      const tokens = tokensOf(await login({ username, password, stayConnected: true }));
      if (tokens) await onAuthenticated(tokens, true);
      else setFailure({ key: 'badCredentials' });
    } catch (error) {
      setFailure(describeLoginFailure(error));
    }
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
  const busy = usernameStep.busy || passwordStep.busy;

  return (
    <AuthForm title={t('login.title')} onSubmit={submit}>
      <LoginFailureAlert failure={failure} />
      {websites === null ? (
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          required
          {...usernameStep.field('username')}
        />
      ) : (
        <div className={classes.row}>
          <strong>{username}</strong>
          <button type="button" className={classes.link} onClick={restart}>
            {t('mobile.changeUser')}
          </button>
        </div>
      )}
      {websites !== null && websites.length > 1 && (
        <PlatformSelect websites={websites} value={platformId} onChange={(id) => choosePlatform(id, websites)} />
      )}
      {platformChosen && (
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          {...passwordStep.field('password')}
        />
      )}
      {websites === null ? (
        <SubmitButton busy={busy}>{t('mobile.confirm')}</SubmitButton>
      ) : (
        <SubmitButton busy={busy} disabled={!platformChosen}>
          {t('login.submit')}
        </SubmitButton>
      )}
      <SignInLink to="/login/reset-password" className={`${classes.link} ${classes.centered}`}>
        {t('login.forgotPassword')}
      </SignInLink>
    </AuthForm>
  );
}
