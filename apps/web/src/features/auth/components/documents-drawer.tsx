import { Anchor, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GlobalDocument } from '@lea/shared';
import { fileUrl } from '../../../shell/api-client';

type Props = { documents: GlobalDocument[]; opened: boolean; onClose: () => void };

/** The platform's global documents, each a download link, in a drawer on the right (opened by DocumentsTab). */
export default function DocumentsDrawer({ documents, opened, onClose }: Props) {
  const { t } = useTranslation('auth');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('layout.documents')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        {documents.map((document) => (
          <Anchor
            key={document.id}
            href={fileUrl(document.file)}
            download={document.file.originalName}
            title={t('layout.downloadDocument', { title: document.title })}
            size="sm"
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text inherit>{document.title}</Text>
              <IconDownload size={18} aria-hidden />
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Drawer>
  );
}
