import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

type Props = { blocker: Blocker; saving: boolean; onSave: () => void; onLeave: () => void };

/** Spec 3 §4: leaving with unsaved changes offers to save, or to leave without saving. */
export function LeaveGuard({ blocker, saving, onSave, onLeave }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title={t('leave.title')} centered>
      <Stack>
        <Text size="sm">{t('leave.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} disabled={saving}>
            {t('leave.stay')}
          </Button>
          <Button variant="light" color="red" onClick={onLeave} disabled={saving}>
            {t('leave.leave')}
          </Button>
          <Button onClick={onSave} loading={saving} data-autofocus>
            {t('leave.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
