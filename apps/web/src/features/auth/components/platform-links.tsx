import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Design } from '@lea/shared';
import type { PlatformText } from './platform-text-modal';

/** The modal is its own chunk, loaded on the first click: the login page loads no dialog code (decision 034). */
const PlatformTextModal = lazy(() => import('./platform-text-modal'));

/** Footer links of the login layout; each text link appears only when the platform provides it. */
export function PlatformLinks({ design, children }: { design: Design | undefined; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { presentation, legalNotice, termOfService, helpContactEmail } = design ?? {};
  const [shown, setShown] = useState<PlatformText | null>(null);
  const openText = (title: string, html: string) => setShown({ title, html });
  return (
    <Group
      component="nav"
      aria-label={t('layout.links')}
      justify="center"
      gap="lg"
      wrap="wrap"
      style={{ rowGap: 'var(--mantine-spacing-xs)' }}
    >
      {presentation && (
        <Anchor component="button" type="button" size="sm" onClick={() => openText(t('layout.presentation'), presentation)}>
          {t('layout.presentation')}
        </Anchor>
      )}
      {legalNotice && (
        <Anchor component="button" type="button" size="sm" onClick={() => openText(t('layout.legalNotice'), legalNotice)}>
          {t('layout.legalNotice')}
        </Anchor>
      )}
      <Anchor component="button" type="button" size="sm" onClick={() => setShown({ title: t('layout.personalData'), html: null })}>
        {t('layout.personalData')}
      </Anchor>
      {termOfService && (
        <Anchor component="button" type="button" size="sm" onClick={() => openText(t('layout.termsOfService'), termOfService)}>
          {t('layout.termsOfService')}
        </Anchor>
      )}
      {helpContactEmail && (
        <Anchor size="sm" href={`mailto:${helpContactEmail}`}>
          {t('layout.contactUs')}
        </Anchor>
      )}
      {children}
      {shown && (
        <Suspense fallback={null}>
          <PlatformTextModal text={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </Group>
  );
}
