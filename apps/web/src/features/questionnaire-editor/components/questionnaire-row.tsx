import { ActionIcon, Anchor, Badge, Group, Paper, Switch, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EditorListItem } from '@lea/shared';
import { useProfileTitle } from '../../../shell/profile-title';

type Props = {
  item: EditorListItem;
  editPath: string;
  busy: boolean;
  onToggleActive: () => void;
  onCopy: () => void;
  onDelete: () => void;
};

/** A questionnaire of the list: its title and facts, the active switch, edit, copy (canCopy) and delete. */
export function QuestionnaireRow({ item, editPath, busy, onToggleActive, onCopy, onDelete }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const titleOf = useProfileTitle();
  const signers = item.signedBy.map((profile) => titleOf(profile, 'titleAbbreviation')).join(', ');
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="questionnaire-row"
      bg={item.active ? undefined : 'var(--mantine-color-default-hover)'}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Anchor component={Link} to={editPath} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Anchor>
          {!item.active && (
            <Badge color="gray" variant="light" size="sm">
              {t('list.inactive')}
            </Badge>
          )}
          {item.isAlreadySigned && (
            <Tooltip label={t('list.signedHint')}>
              <Badge color="orange" variant="light" size="sm" leftSection={<IconLock size={12} />}>
                {t('list.signed')}
              </Badge>
            </Tooltip>
          )}
          <Text size="xs" c="dimmed">
            {t('list.facts', { count: item.questionCount, signers })}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Switch
            size="sm"
            checked={item.active}
            disabled={busy}
            onChange={onToggleActive}
            aria-label={t('list.activeOf', { title: item.title })}
            mr="xs"
          />
          <Tooltip label={t('list.edit')}>
            <ActionIcon component={Link} to={editPath} variant="subtle" size="lg" aria-label={t('list.editOf', { title: item.title })}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          {item.canCopy && (
            <Tooltip label={t('list.copy')}>
              <ActionIcon variant="subtle" size="lg" disabled={busy} onClick={onCopy} aria-label={t('list.copyOf', { title: item.title })}>
                <IconCopy size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('list.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              disabled={busy}
              onClick={onDelete}
              aria-label={t('list.deleteOf', { title: item.title })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
