import type { ReactNode } from 'react';
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconDots,
  IconEdit,
  IconEraser,
  IconKey,
  IconMailQuestion,
  IconPlayerPlay,
  IconSwitchHorizontal,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../back-office/components/list-table';

/** What a row action asks the page to do (the page owns the dialogs). */
export type UserAction = 'lastMail' | 'generate' | 'switch' | 'delete' | 'erase' | 'reactivate';
export type UserRow = { id: number; name: string; active: boolean };

export const userOfRow = (row: Row): UserRow => ({
  id: Number(row.id),
  name: `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim(),
  active: row.active === true,
});

type Props = { row: Row; self: boolean; busy: boolean; onAction: (action: UserAction, user: UserRow) => void };

/** Spec 3 §2.3 row actions: last password e-mail, generate password, switch user, edit, delete (and erase, GDPR). */
export function UserRowActions({ row, self, busy, onAction }: Props) {
  const { t } = useTranslation('admin-users');
  const user = userOfRow(row);
  const action = (name: UserAction, label: string, icon: ReactNode, disabled = false, color?: string) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color} disabled={disabled || busy} aria-label={label} onClick={() => onAction(name, user)}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const item = (name: UserAction, label: string, icon: ReactNode, color?: string) => (
    <Menu.Item leftSection={icon} color={color} disabled={busy} onClick={() => onAction(name, user)}>
      {label}
    </Menu.Item>
  );
  // The frequent actions stay in sight; the others wait in the row's menu (the row fits a laptop's width).
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {action(
        'switch',
        t('actions.switchOf', { name: user.name }),
        <IconSwitchHorizontal size={18} />,
        self || !user.active || row.roleCode === 'admin',
      )}
      <Tooltip label={t('actions.editOf', { name: user.name })} withArrow>
        <ActionIcon
          component={Link}
          to={`/admin/users/edit/${user.id}`}
          variant="subtle"
          aria-label={t('actions.editOf', { name: user.name })}
        >
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      {action('delete', t('actions.deleteOf', { name: user.name }), <IconTrash size={18} />, self, 'red')}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('actions.moreOf', { name: user.name })}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {item('lastMail', t('actions.lastMail'), <IconMailQuestion size={16} />)}
          {user.active
            ? item('generate', t('actions.generatePassword'), <IconKey size={16} />)
            : item('reactivate', t('actions.reactivate'), <IconPlayerPlay size={16} />, 'green')}
          {!self && item('erase', t('actions.erase'), <IconEraser size={16} />, 'orange')}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
