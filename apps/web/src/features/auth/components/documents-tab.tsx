import type { CSSProperties } from 'react';
import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconFiles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../shell/api-client';
import { useHomeDocuments } from '../api';

/** A tab standing on the right edge of the window, its text read bottom to top. */
const SIDE_TAB: CSSProperties = {
  position: 'fixed',
  right: 0,
  top: '50%',
  transform: 'translate(calc(50% - 1.125rem), -50%) rotate(-90deg)',
  borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0',
  zIndex: 100,
};

/**
 * The platform's global documents in a drawer, opened by a tab on the right edge or, on a
 * phone where that tab would cover the content, by a link among the footer links (`inline`).
 */
export function DocumentsTab({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation('auth');
  const [opened, { open, close }] = useDisclosure(false);
  const { data } = useHomeDocuments();
  const documents = data?.documents ?? [];
  if (documents.length === 0) return null;
  return (
    <>
      {inline ? (
        <Anchor component="button" type="button" size="sm" onClick={open}>
          {t('layout.documents')}
        </Anchor>
      ) : (
        <Button onClick={open} leftSection={<IconFiles size={16} />} style={SIDE_TAB}>
          {t('layout.documents')}
        </Button>
      )}
      <Drawer
        opened={opened}
        onClose={close}
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
    </>
  );
}
