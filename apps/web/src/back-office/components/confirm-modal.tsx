import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  /** A warning above the question (a signed questionnaire on the triad…). */
  warning?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Spec 3 §5: deletes and removals ask first. */
export function ConfirmModal({ opened, title, message, warning, confirmLabel, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {warning}
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
