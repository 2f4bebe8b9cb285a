import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ssoStartUrl, useSsoProviders } from '../sign-in-api';
import classes from '../sign-in.module.css';
import { SignInAlert } from './login-failure-alert';

/**
 * The platform's single sign-on buttons ("Se connecter avec …", issue 20 §2), shown under the
 * sign-in forms by SignInAlternatives, and the neutral message of a failed single sign-on
 * (`/login?sso=failed`: the reason stays in the server's log).
 */
export function SsoButtons() {
  const { t } = useTranslation('auth');
  const providers = useSsoProviders();
  const failed = new URLSearchParams(window.location.search).get('sso') === 'failed';
  if (!failed && !providers.data?.length) return null;
  return (
    <>
      {failed && <SignInAlert>{t('sso.failed')}</SignInAlert>}
      {providers.data?.map((provider) => (
        <a key={provider.id} href={ssoStartUrl(provider.id)} className={classes.button} data-variant="outline">
          <IconKey size={18} aria-hidden />
          {t('sso.signInWith', { label: provider.label })}
        </a>
      ))}
    </>
  );
}
