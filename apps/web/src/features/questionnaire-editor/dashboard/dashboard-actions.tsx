import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardReminderResponse, FileDownloadResponse } from '@lea/shared';
import { ConfirmDialog } from '../../../shell/confirm-dialog';
import { runDownload } from './download';
import { notifyFailure } from '../components/notify-failure';

/** A dashboard's actions panel (spec 3 §2.2): its title, then its actions side by side. */
export function ActionsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('questionnaire-editor');
  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-label={t('dashboard.actions')}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} mr="xs">
          {t('dashboard.actions')}
        </Text>
        {children}
      </Group>
    </Paper>
  );
}

type ReminderProps = {
  /** Sends the reminder of the filtered dashboard. */
  send: () => Promise<DashboardReminderResponse>;
  /** The notice once sent. */
  sent: (answer: DashboardReminderResponse) => string;
  /** The confirmation's question. */
  question: string;
};

/** The mail reminder to everyone who still has something to do on the filtered dashboard, asked first. */
export function ReminderAction({ send, sent, question }: ReminderProps) {
  const { t } = useTranslation('questionnaire-editor');
  const [reminding, setReminding] = useState<'confirm' | 'sending' | null>(null);
  const remind = async () => {
    setReminding('sending');
    try {
      const answer = await send();
      notifications.show({ color: answer.count > 0 ? 'green' : 'blue', message: sent(answer) });
    } catch (error) {
      notifyFailure(error, t('errors.action'));
    } finally {
      setReminding(null);
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconMailForward size={16} />}
        loading={reminding === 'sending'}
        onClick={() => setReminding('confirm')}
      >
        {t('dashboard.reminder')}
      </Button>
      <ConfirmDialog
        opened={reminding !== null}
        title={t('dashboard.reminderTitle')}
        message={question}
        confirmLabel={t('dashboard.reminderConfirm')}
        color="blue"
        busy={reminding === 'sending'}
        onConfirm={() => void remind()}
        onClose={() => setReminding(null)}
      />
    </>
  );
}

type ExportProps = { icon: ReactNode; label: string; fetch: () => Promise<FileDownloadResponse> };

/** An export of the filtered dashboard, loading until its file is saved. */
export function ExportAction({ icon, label, fetch }: ExportProps) {
  const { t } = useTranslation('questionnaire-editor');
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    await runDownload(fetch, t('dashboard.exportError'));
    setExporting(false);
  };
  return (
    <Button size="xs" variant="light" leftSection={icon} loading={exporting} onClick={() => void run()}>
      {label}
    </Button>
  );
}
