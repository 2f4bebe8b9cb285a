import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

type Props = {
  name: string;
  editTo: string;
  canRemove: boolean;
  removeReason: string | null;
  busy: boolean;
  onRemove: () => void;
};

/** Edit and delete of a unit, subject or lesson; a record the server says cannot go shows why. */
export function RowActions({ name, editTo, canRemove, removeReason, busy, onRemove }: Props) {
  const { t } = useTranslation('lesson');
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={t('manager.edit')} withArrow>
        <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={t('manager.editOf', { name })}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={canRemove ? t('manager.delete') : (removeReason ?? t('manager.delete'))} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={!canRemove || busy}
          onClick={onRemove}
          aria-label={t('manager.deleteOf', { name })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
