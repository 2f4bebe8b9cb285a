import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** red for a removal, the theme colour for a harmless action. */
  color?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Spec 3 §5: deletes, reminders and other actions with effects ask first. */
export function ConfirmDialog({ opened, title, message, confirmLabel, color = 'red', busy = false, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <Stack>
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button color={color} loading={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
