import type { ReactNode } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoginFailure } from '../sign-in-api';
import { SignInLink } from '../sign-in-navigation';
import classes from '../sign-in.module.css';

/** A failure of the sign-in pages, shown above their form. */
export function SignInAlert({ children }: { children: ReactNode }) {
  return (
    <div className={classes.alert} role="alert">
      <IconAlertCircle size={18} aria-hidden />
      <div>{children}</div>
    </div>
  );
}

/** The sign-in failure shown above the form. */
export function LoginFailureAlert({ failure }: { failure: LoginFailure | null }) {
  const { t } = useTranslation('auth');
  if (!failure) return null;
  return (
    <SignInAlert>
      {'key' in failure ? t(`login.${failure.key}`) : failure.text}
      {'key' in failure && failure.key === 'passwordNotAllowed' && (
        <>
          {' '}
          <SignInLink to="/login/email" className={classes.link}>
            {t('emailSignIn.entry')}
          </SignInLink>
        </>
      )}
    </SignInAlert>
  );
}
