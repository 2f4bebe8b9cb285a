import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Note } from '@lea/shared';
import { NetworkActionIcon } from '../../../shell/needs-network';
import { useProfileTitle } from '../../../shell/profile-title';

/** Unpinned notes show an excerpt cut at 115 characters (spec 2 §2). */
export const EXCERPT_LENGTH = 115;

export function excerptOf(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

const PROFILE_COLORS: Record<number, string> = { 1: 'blue', 2: 'teal', 3: 'grape', 4: 'orange' };

type Props = {
  note: Note;
  isAuthor: boolean;
  busy: boolean;
  onOpen: () => void;
  onPin: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function NoteCard({ note, isAuthor, busy, onOpen, onPin, onEdit, onDelete }: Props) {
  const { t } = useTranslation('notepad');
  const titleOf = useProfileTitle();
  const shortened = !note.pinned && note.text.length > EXCERPT_LENGTH;
  return (
    <Card withBorder radius="md" padding="md" data-testid="note-card" bg={note.pinned ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {note.title}
          </Text>
          <Group gap={4} wrap="nowrap">
            <NetworkActionIcon label={note.pinned ? t('unpin') : t('pin')} onClick={onPin} loading={busy}>
              {note.pinned ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
            </NetworkActionIcon>
            {isAuthor && (
              <>
                <NetworkActionIcon label={t('edit')} onClick={onEdit}>
                  <IconPencil size={18} />
                </NetworkActionIcon>
                <NetworkActionIcon label={t('delete')} color="red" onClick={onDelete}>
                  <IconTrash size={18} />
                </NetworkActionIcon>
              </>
            )}
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {note.pinned ? note.text : excerptOf(note.text)}
        </Text>
        {shortened && (
          <Anchor component="button" type="button" size="sm" onClick={onOpen} ta="left">
            {t('readMore')}
          </Anchor>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('byOn', { name: note.user.fullName, date: dayjs(note.date).format(t('dateFormat')) })}
          </Text>
          <Badge variant="light" color={PROFILE_COLORS[note.profile] ?? 'gray'}>
            {titleOf(note.profile)}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}
