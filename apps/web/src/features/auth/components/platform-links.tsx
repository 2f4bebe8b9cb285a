import type { ReactNode } from 'react';
import { Accordion, Anchor, Group, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { Design } from '@lea/shared';
import { useDataAgreement } from '../../../shell/design';
import { LazyHtmlContent } from '../../../shell/lazy-html-content';

const NOTICES = ['learnerPrivacy', 'professionalTutorPrivacy', 'pedagogicTutorPrivacy'] as const;

/** The three privacy notices: learner, professional tutor, pedagogic tutor. */
function PersonalDataNotices() {
  const { t } = useTranslation('auth');
  const { data, isPending, isError } = useDataAgreement();
  if (isPending) return <Loader size="sm" />;
  if (isError) return <Text c="red">{t('common:errors.generic')}</Text>;
  return (
    <Accordion variant="separated" defaultValue={NOTICES[0]}>
      {NOTICES.map((notice) => (
        <Accordion.Item key={notice} value={notice}>
          <Accordion.Control>{t(`layout.notices.${notice}`)}</Accordion.Control>
          <Accordion.Panel>
            {data[notice] ? <LazyHtmlContent html={data[notice]} /> : <Text c="dimmed">{t('layout.noNotice')}</Text>}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function openText(title: string, html: string) {
  modals.open({ title, size: 'lg', children: <LazyHtmlContent html={html} /> });
}

/** Footer links of the login layout; each text link appears only when the platform provides it. */
export function PlatformLinks({ design, children }: { design: Design | undefined; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { presentation, legalNotice, termOfService, helpContactEmail } = design ?? {};
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
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => modals.open({ title: t('layout.personalData'), size: 'lg', children: <PersonalDataNotices /> })}
      >
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
    </Group>
  );
}
