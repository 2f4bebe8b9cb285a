import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import { ExportPanel } from '../components/export-panel';

/** /admin/export (spec 3 §2.3, §3 Export): the seven xlsx exports of the platform, for a year or all years. */
export default function AdminExportPage() {
  const { t } = useTranslation('export');
  usePageTitle(t('admin.title'));
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <ExportPanel area={{ kind: 'admin' }} />
    </Stack>
  );
}
