import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileText, IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE, type DocumentItem as Item } from '@lea/shared';
import { NetworkActionIcon } from '../../../shell/needs-network';

type Props = { item: Item; onEdit: () => void; onDelete: () => void };

/** One row of the list: title, author and date, the note's text, and the actions the caller has. */
export function DocumentItem({ item, onEdit, onDelete }: Props) {
  const { t } = useTranslation('document');
  const isDocument = item.type === DOCUMENT_TYPE.document;
  const date = dayjs(item.date).format(t('item.dateFormat'));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="document-item">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {isDocument ? <IconFileText size={20} /> : <IconNote size={20} />}
        </ThemeIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t('item.byOn', { name: item.uploader?.fullName ?? '', date })}
          </Text>
          {(item.shared || item.visibleHomeLea) && (
            <Group gap={4}>
              {item.shared && (
                <Badge variant="light" color="grape" size="sm">
                  {t('item.shared')}
                </Badge>
              )}
              {item.visibleHomeLea && (
                <Badge variant="light" size="sm">
                  {t('item.home')}
                </Badge>
              )}
            </Group>
          )}
          {item.text && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.text}
            </Text>
          )}
          {item.file && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.file.originalName}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {item.file && (
            <NetworkActionIcon label={t('item.download', { title: item.title })} href={item.file.url} download={item.file.originalName}>
              <IconDownload size={18} />
            </NetworkActionIcon>
          )}
          {item.canEdit && (
            <NetworkActionIcon label={t('item.edit', { title: item.title })} onClick={onEdit}>
              <IconPencil size={18} />
            </NetworkActionIcon>
          )}
          {item.canDelete && (
            <NetworkActionIcon label={t('item.delete', { title: item.title })} color="red" onClick={onDelete}>
              <IconTrash size={18} />
            </NetworkActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
