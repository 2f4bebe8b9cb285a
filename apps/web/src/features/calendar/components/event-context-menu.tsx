import { Menu } from '@mantine/core';
import { IconClipboard, IconCopy, IconCut, IconEdit, IconPlus, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ContextTarget } from './event-calendar';

type Props = {
  target: ContextTarget;
  position: { x: number; y: number };
  canPaste: boolean;
  onClose: () => void;
  onAdd: (kind: 'planning' | 'absence') => void;
  onModify: () => void;
  onDelete: () => void;
  onCopy: (action: 'copy' | 'cut') => void;
  onPaste: () => void;
};

/** The manager's right-click menu (spec 2 §6): add event, add absence, modify, delete, copy, cut, paste. */
export function EventContextMenu({ target, position, canPaste, onClose, onAdd, onModify, onDelete, onCopy, onPaste }: Props) {
  const { t } = useTranslation('calendar');
  return (
    <Menu opened onChange={(opened) => !opened && onClose()} position="bottom-start" withinPortal>
      <Menu.Target>
        <div style={{ position: 'fixed', left: position.x, top: position.y, width: 1, height: 1 }} />
      </Menu.Target>
      <Menu.Dropdown data-testid="calendar-context-menu">
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => onAdd('planning')}>
          {t('addEvent')}
        </Menu.Item>
        <Menu.Item leftSection={<IconUserOff size={16} />} onClick={() => onAdd('absence')}>
          {t('addAbsence')}
        </Menu.Item>
        {target.event && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconEdit size={16} />} onClick={onModify}>
              {t('modify')}
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={onDelete}>
              {t('delete')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onCopy('copy')}>
              {t('copy')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCut size={16} />} onClick={() => onCopy('cut')}>
              {t('cut')}
            </Menu.Item>
          </>
        )}
        {target.day && canPaste && (
          <Menu.Item leftSection={<IconClipboard size={16} />} onClick={onPaste}>
            {t('paste')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
