import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SignInLink } from '../sign-in-navigation';
import classes from '../sign-in.module.css';
import { SsoButtons } from './sso-buttons';

/** The other ways to sign in, under the password forms (web and mobile): single sign-on, then by e-mail. */
export function SignInAlternatives() {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.alternatives}>
      <div className={classes.divider}>{t('emailSignIn.or')}</div>
      <SsoButtons />
      <SignInLink to="/login/email" className={classes.button} data-variant="default">
        <IconMail size={18} aria-hidden />
        {t('emailSignIn.entry')}
      </SignInLink>
    </div>
  );
}
