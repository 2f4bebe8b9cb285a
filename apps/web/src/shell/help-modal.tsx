import { Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HelpDocument } from '@lea/shared';
import { fileUrl } from './api-client';
import { LazyHtmlContent } from './lazy-html-content';

/** Help documents (spec 1 §2.6): type 2 is an HTML text, type 1 a file to download. */
export function HelpModal({ opened, onClose, documents }: { opened: boolean; onClose: () => void; documents: readonly HelpDocument[] }) {
  const { t } = useTranslation('shell');
  return (
    <Modal opened={opened} onClose={onClose} title={t('help.title')} size="lg">
      <Stack gap="md">
        {documents.map((document) => (
          <Card key={document.id} withBorder padding="md">
            <Title order={4} mb="xs">
              {document.title}
            </Title>
            {document.documentType === 2 && <LazyHtmlContent html={document.description} />}
            {document.documentType === 1 &&
              (document.file ? (
                <Button
                  component="a"
                  href={fileUrl(document.file)}
                  download={document.file.originalName}
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  w="fit-content"
                >
                  {t('help.download', { name: document.file.originalName })}
                </Button>
              ) : (
                <Text c="dimmed" size="sm">
                  {t('common:errors.fileUnavailable')}
                </Text>
              ))}
          </Card>
        ))}
      </Stack>
    </Modal>
  );
}
