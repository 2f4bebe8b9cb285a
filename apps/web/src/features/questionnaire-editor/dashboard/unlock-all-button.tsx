import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLockOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { questionnaireKey } from '../../../shell/questionnaires/questionnaire-queries';
import { unlockAll } from '../api';
import { ConfirmDialog } from '../../../shell/confirm-dialog';
import { notifyFailure } from '../components/notify-failure';

type Props = { courseId: number; questionnaire: { id: number; title: string } };

/** The column action of spec 3 §4: every lock of the questionnaire opens for the three triad profiles. */
export function UnlockAllButton({ courseId, questionnaire }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await unlockAll(courseId, questionnaire.id);
      notifications.show({ color: 'green', message: t('dashboard.unlockedAll', { count: answer.count ?? 0 }) });
    } catch (error) {
      notifyFailure(error, t('errors.action'));
    } finally {
      setBusy(false);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: questionnaireKey });
    }
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconLockOpen size={14} />}
        onClick={() => setConfirming(true)}
        aria-label={t('dashboard.unlockAllOf', { title: questionnaire.title })}
        w="fit-content"
      >
        {t('dashboard.unlockAll')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('dashboard.unlockAllTitle')}
        message={t('dashboard.unlockAllText', { title: questionnaire.title })}
        confirmLabel={t('dashboard.unlockAll')}
        color="orange"
        busy={busy}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
