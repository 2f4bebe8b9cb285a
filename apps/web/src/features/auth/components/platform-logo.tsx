import { useTranslation } from 'react-i18next';
import type { Design } from '@lea/shared';
import { SignInLink } from '../sign-in-navigation';
import classes from '../sign-in.module.css';

/** The organisation's logo (or the product mark) leading back to the login page. */
export function PlatformLogo({ design }: { design: Design | undefined }) {
  const { t } = useTranslation('auth');
  const logo = design?.logos.logoCfa ?? design?.logos.logoType ?? null;
  return (
    <SignInLink to="/login" className={classes.homeLink} aria-label={t('layout.homeLink')}>
      {logo ? (
        <img src={logo} alt={t('layout.logoAlt', { name: design?.name ?? '' })} className={classes.logo} />
      ) : (
        <span className={classes.wordmark}>lea</span>
      )}
    </SignInLink>
  );
}
