import { Accordion, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDataAgreement } from '../../../shell/design';
import { LazyHtmlContent } from '../../../shell/lazy-html-content';

/** A platform text of the login footer: its HTML, or (html null) the three privacy notices. */
export type PlatformText = { title: string; html: string | null };

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

/** The dialog of a footer link (presentation, legal notice, terms, personal data). */
export default function PlatformTextModal({ text, onClose }: { text: PlatformText; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={text.title} size="lg">
      {text.html === null ? <PersonalDataNotices /> : <LazyHtmlContent html={text.html} />}
    </Modal>
  );
}
