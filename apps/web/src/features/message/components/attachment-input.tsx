import { Button, CloseButton, FileButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { uploadAttachment } from '../api';

export type Attachment = { id: number; originalName: string };

/** One file per message (spec 2 §5), uploaded as soon as it is chosen and removable before sending. */
export function AttachmentInput({ value, onChange }: { value: Attachment | null; onChange: (value: Attachment | null) => void }) {
  const { t } = useTranslation('message');
  const upload = useMutation({
    mutationFn: uploadAttachment,
    onSuccess: onChange,
    onError: (error) => notifications.show({ color: 'red', message: error.message || t('uploadError') }),
  });
  if (value) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconPaperclip size={16} />
        <Text size="sm" truncate maw={220}>
          {value.originalName}
        </Text>
        <CloseButton size="sm" aria-label={t('removeFile', { name: value.originalName })} onClick={() => onChange(null)} />
      </Group>
    );
  }
  return (
    <FileButton onChange={(file) => file && upload.mutate(file)}>
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={upload.isPending}>
          {t('attach')}
        </Button>
      )}
    </FileButton>
  );
}
