import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionFrame } from '../../../shell/section-frame';
import { sectionOfPath } from '../sections';

/** Any admin sub-path until each admin screen arrives with its own feature. */
export default function AdminSectionPage() {
  const { t } = useTranslation('admin');
  const section = sectionOfPath(useParams()['*'] ?? '');
  return (
    <SectionFrame
      title={section ? t(`menu.${section.key}`) : t('area')}
      noticeTitle={t('section.comingTitle')}
      notice={t('section.coming')}
    />
  );
}
