import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Design } from '@lea/shared';
import classes from '../sign-in.module.css';
import { PlatformTextModal, type PlatformText } from './platform-text-modal';

/** Footer links of the login layout; each text link appears only when the platform provides it. */
export function PlatformLinks({ design, children }: { design: Design | undefined; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { presentation, legalNotice, termOfService, helpContactEmail } = design ?? {};
  const [shown, setShown] = useState<PlatformText | null>(null);
  const textLink = (title: string, html: string | null) => (
    <button type="button" className={classes.link} onClick={() => setShown({ title, html })}>
      {title}
    </button>
  );
  return (
    <nav aria-label={t('layout.links')} className={classes.footer}>
      {presentation && textLink(t('layout.presentation'), presentation)}
      {legalNotice && textLink(t('layout.legalNotice'), legalNotice)}
      {textLink(t('layout.personalData'), null)}
      {termOfService && textLink(t('layout.termsOfService'), termOfService)}
      {helpContactEmail && (
        <a className={classes.link} href={`mailto:${helpContactEmail}`}>
          {t('layout.contactUs')}
        </a>
      )}
      {children}
      {shown && <PlatformTextModal text={shown} onClose={() => setShown(null)} />}
    </nav>
  );
}
