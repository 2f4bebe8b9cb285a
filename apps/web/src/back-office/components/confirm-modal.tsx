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
  /** A red confirm button (a delete, the default); false: the theme's primary colour. */
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Spec 3 §5: deletes and removals ask first. */
export function ConfirmModal({ opened, title, message, warning, confirmLabel, danger = true, busy, onConfirm, onClose }: Props) {
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
          <Button color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
