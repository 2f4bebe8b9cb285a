import { useTranslation } from 'react-i18next';
import classes from '../sign-in.module.css';

/** Spinner shown while a stored or handed-over session is being opened. */
export function SigningIn() {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.status} role="status" aria-live="polite">
      <span className={classes.spinner} data-size="lg" aria-hidden />
      <span>{t('switch.inProgress')}</span>
    </div>
  );
}
