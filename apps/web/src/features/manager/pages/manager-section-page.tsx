import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionFrame } from '../../../shell/section-frame';
import { sectionOfPath } from '../sections';

/** Any manager sub-path until the manager-area feature brings its screens. */
export default function ManagerSectionPage() {
  const { t } = useTranslation('manager');
  const section = sectionOfPath(useParams()['*'] ?? '');
  return (
    <SectionFrame
      title={section ? t(`menu.${section.key}`) : t('section.title')}
      noticeTitle={t('section.comingTitle')}
      notice={t('section.coming')}
    />
  );
}
