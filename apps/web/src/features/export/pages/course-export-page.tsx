import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import { ExportPanel } from '../components/export-panel';

/** /lea-manager/{course}/export (spec 3 §2.1, issue 17 §6): the course's xlsx exports, built by the admin's code. */
export default function CourseExportPage() {
  const { t } = useTranslation('export');
  usePageTitle(t('course.title'));
  const courseId = Number(useParams().trainingCourseId);
  return (
    <Stack gap="md">
      <PageHeader title={t('course.title')} subtitle={t('course.subtitle')} />
      <ExportPanel area={{ kind: 'course', courseId }} />
    </Stack>
  );
}
