import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCalendarEvent, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardFilter } from '@lea/shared';
import { fetchExport, sendReminder } from '../api';
import { ActionsPanel, ExportAction, ReminderAction } from './dashboard-actions';
import type { DashboardCategory } from './dashboard-data';
import { PdfExportModal } from './pdf-export-modal';

type Props = { courseId: number; filter: DashboardFilter; categories: DashboardCategory<unknown>[] };

/**
 * The signature dashboard's actions panel (spec 3 §2.2): the mail reminder to everyone who still has
 * to complete or sign, the Excel export, the interview-dates export and the PDF of chosen questionnaires,
 * each on the filtered dashboard.
 */
export function SignatureActions({ courseId, filter, categories }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const [choosingPdf, setChoosingPdf] = useState(false);
  return (
    <ActionsPanel>
      <ReminderAction
        send={() => sendReminder(courseId, filter)}
        sent={(answer) => t('dashboard.reminderSent', { count: answer.count })}
        question={t('dashboard.reminderText')}
      />
      <ExportAction
        icon={<IconFileSpreadsheet size={16} />}
        label={t('dashboard.exportExcel')}
        fetch={() => fetchExport(courseId, 'dashboard/export', filter)}
      />
      <ExportAction
        icon={<IconCalendarEvent size={16} />}
        label={t('dashboard.exportInterviewDates')}
        fetch={() => fetchExport(courseId, 'dashboard/export-interview-dates', filter)}
      />
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => setChoosingPdf(true)}
        disabled={categories.length === 0}
      >
        {t('dashboard.exportPdf')}
      </Button>
      {choosingPdf && <PdfExportModal courseId={courseId} categories={categories} onClose={() => setChoosingPdf(false)} />}
    </ActionsPanel>
  );
}
