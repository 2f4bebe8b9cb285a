import { useState } from 'react';
import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDataAgreement, useDesign } from './design';
import { LazyHtmlContent } from './lazy-html-content';

type Notice = 'legalNotice' | 'personalData' | 'termOfService' | 'helpContact';

/** Footer of wide screens (spec 1 §2.6): legal notice, personal data, terms, contact address and help contact. */
export function AppFooter() {
  const { t } = useTranslation('shell');
  const { data: design } = useDesign();
  const { data: agreement } = useDataAgreement();
  const [open, setOpen] = useState<Notice | null>(null);
  const close = () => setOpen(null);

  const links: { key: Notice; shown: boolean }[] = [
    { key: 'legalNotice', shown: !!agreement?.legalNotice },
    { key: 'personalData', shown: true },
    { key: 'termOfService', shown: !!agreement?.termOfService },
    { key: 'helpContact', shown: !!design?.helpContact },
  ];
  const privacy = [
    { key: 'learnerPrivacy', html: agreement?.learnerPrivacy },
    { key: 'professionalTutorPrivacy', html: agreement?.professionalTutorPrivacy },
    { key: 'pedagogicTutorPrivacy', html: agreement?.pedagogicTutorPrivacy },
  ] as const;

  return (
    <Group
      component="footer"
      justify="center"
      gap="lg"
      py="md"
      px="md"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {links
        .filter((link) => link.shown)
        .map((link) => (
          <Anchor key={link.key} component="button" type="button" size="sm" c="dimmed" onClick={() => setOpen(link.key)}>
            {t(`footer.${link.key}`)}
          </Anchor>
        ))}
      {design?.helpContactEmail && (
        <Anchor href={`mailto:${design.helpContactEmail}`} size="sm" c="dimmed">
          {t('footer.contact')}
        </Anchor>
      )}

      <Modal opened={open === 'legalNotice'} onClose={close} title={t('footer.legalNotice')} size="lg">
        <LazyHtmlContent html={agreement?.legalNotice} />
      </Modal>
      <Modal opened={open === 'termOfService'} onClose={close} title={t('footer.termOfService')} size="lg">
        <LazyHtmlContent html={agreement?.termOfService} />
      </Modal>
      <Modal opened={open === 'helpContact'} onClose={close} title={t('footer.helpContact')} size="lg">
        <LazyHtmlContent html={design?.helpContact} />
      </Modal>
      <Modal opened={open === 'personalData'} onClose={close} title={t('footer.personalData')} size="lg">
        <Stack gap="lg">
          {privacy.map((notice) => (
            <section key={notice.key}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                {t(`footer.${notice.key}`)}
              </Text>
              {notice.html ? <LazyHtmlContent html={notice.html} /> : <Text c="dimmed">{t('footer.noNotice')}</Text>}
            </section>
          ))}
        </Stack>
      </Modal>
    </Group>
  );
}
