import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GradebookEntry } from '@lea/shared';
import { fetchExport } from '../api';
import { GRADES_DASHBOARD, useGradesDashboard } from '../dashboard/dashboard-data';
import { DashboardView, useDashboardFilter } from '../dashboard/dashboard-view';
import { runDownload } from '../dashboard/download';
import { GradeCell } from '../dashboard/grade-cell';

/** /lea-manager/{course}/gradeBook-dashboard: the marks of every reply, the same frame as the signature dashboard. */
export default function GradesDashboardPage() {
  const { t } = useTranslation('questionnaire-editor');
  const courseId = Number(useParams().trainingCourseId);
  const filter = useDashboardFilter(GRADES_DASHBOARD.storageKey);
  const query = useGradesDashboard(courseId, filter.filter);
  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    setExporting(true);
    await runDownload(() => fetchExport(courseId, GRADES_DASHBOARD.exportPath, filter.filter), t('dashboard.exportError'));
    setExporting(false);
  };
  return (
    <DashboardView<GradebookEntry>
      courseId={courseId}
      kind={GRADES_DASHBOARD}
      title={t('dashboard.gradesTitle')}
      query={query}
      filter={filter}
      renderCell={(entry) => <GradeCell entry={entry} />}
      actions={
        <Paper withBorder radius="md" p="xs" component="section" aria-label={t('dashboard.actions')}>
          <Group gap="xs">
            <Text size="sm" fw={600} mr="xs">
              {t('dashboard.actions')}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporting}
              onClick={() => void exportExcel()}
            >
              {t('dashboard.exportExcel')}
            </Button>
          </Group>
        </Paper>
      }
    />
  );
}
