import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconFileSpreadsheet, IconFileTypePdf, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardFilter } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { fetchExport, sendReminder } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import type { DashboardCategory } from './dashboard-data';
import { runDownload } from './download';
import { PdfExportModal } from './pdf-export-modal';

type Props = { courseId: number; filter: DashboardFilter; categories: DashboardCategory<unknown>[] };

type Busy = 'reminder' | 'excel' | 'interview' | null;

/**
 * The signature dashboard's actions panel (spec 3 §2.2): the mail reminder to everyone who still has
 * to complete or sign, the Excel export, the interview-dates export and the PDF of chosen questionnaires,
 * each on the filtered dashboard.
 */
export function SignatureActions({ courseId, filter, categories }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [choosingPdf, setChoosingPdf] = useState(false);

  const remind = async () => {
    setBusy('reminder');
    try {
      const answer = await sendReminder(courseId, filter);
      notifications.show({ color: answer.count > 0 ? 'green' : 'blue', message: t('dashboard.reminderSent', { count: answer.count }) });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiRequestError && error.status < 500 ? error.message : t('errors.action'),
      });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };
  const download = async (which: 'excel' | 'interview', path: string) => {
    setBusy(which);
    await runDownload(() => fetchExport(courseId, path, filter), t('dashboard.exportError'));
    setBusy(null);
  };

  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-label={t('dashboard.actions')}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} mr="xs">
          {t('dashboard.actions')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMailForward size={16} />}
          loading={busy === 'reminder'}
          onClick={() => setConfirming(true)}
        >
          {t('dashboard.reminder')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={busy === 'excel'}
          onClick={() => void download('excel', 'dashboard/export')}
        >
          {t('dashboard.exportExcel')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCalendarEvent size={16} />}
          loading={busy === 'interview'}
          onClick={() => void download('interview', 'dashboard/export-interview-dates')}
        >
          {t('dashboard.exportInterviewDates')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileTypePdf size={16} />}
          onClick={() => setChoosingPdf(true)}
          disabled={categories.length === 0}
        >
          {t('dashboard.exportPdf')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('dashboard.reminderTitle')}
        message={t('dashboard.reminderText')}
        confirmLabel={t('dashboard.reminderConfirm')}
        color="blue"
        busy={busy === 'reminder'}
        onConfirm={() => void remind()}
        onClose={() => setConfirming(false)}
      />
      {choosingPdf && <PdfExportModal courseId={courseId} categories={categories} onClose={() => setChoosingPdf(false)} />}
    </Paper>
  );
}
