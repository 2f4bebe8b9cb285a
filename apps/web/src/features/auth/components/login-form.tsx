import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_PASSWORD_MAX_LENGTH, SIGN_IN_USERNAME_MAX_LENGTH } from '@lea/shared/constants';
import type { Tokens } from '../../../shell/session';
import { tokensOf } from '../login-tokens';
import { describeLoginFailure, login, type LoginFailure } from '../sign-in-api';
import { SignInLink } from '../sign-in-navigation';
import { useSignInForm } from '../use-sign-in-form';
import classes from '../sign-in.module.css';
import { AuthForm } from './auth-form';
import { LoginFailureAlert } from './login-failure-alert';
import { PasswordField, SubmitButton, TextField } from './sign-in-fields';

export type OnAuthenticated = (tokens: Tokens, stayConnected: boolean) => Promise<void>;

/** Web sign-in (spec 1 §2.3, §5.4): both fields required, checked on input and on submit. */
export function LoginForm({ onAuthenticated }: { onAuthenticated: OnAuthenticated }) {
  const { t } = useTranslation('auth');
  const [stayConnected, setStayConnected] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const form = useSignInForm(
    { username: { max: SIGN_IN_USERNAME_MAX_LENGTH }, password: { max: SIGN_IN_PASSWORD_MAX_LENGTH } },
    async ({ username, password }) => {
      setFailure(null);
      try {
        const tokens = tokensOf(await login({ username: username.trim(), password, stayConnected }));
        if (tokens) await onAuthenticated(tokens, stayConnected);
        else setFailure({ key: 'badCredentials' });
      } catch (error) {
        setFailure(describeLoginFailure(error));
      }
    },
  );

  return (
    <AuthForm title={t('login.title')} onSubmit={form.onSubmit}>
      <LoginFailureAlert failure={failure} />
      <TextField label={t('login.username')} name="username" autoComplete="username" required {...form.field('username')} />
      <PasswordField label={t('login.password')} name="password" autoComplete="current-password" required {...form.field('password')} />
      <div className={classes.row}>
        <label className={classes.checkbox}>
          <input type="checkbox" checked={stayConnected} onChange={(event) => setStayConnected(event.currentTarget.checked)} />
          {t('login.stayConnected')}
        </label>
        <SignInLink to="/login/reset-password" className={classes.link}>
          {t('login.forgotPassword')}
        </SignInLink>
      </div>
      <SubmitButton busy={form.busy}>{t('login.submit')}</SubmitButton>
    </AuthForm>
  );
}
