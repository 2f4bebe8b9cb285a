import { NavLink, Stack } from '@mantine/core';
import {
  IconBuilding,
  IconCalendarEvent,
  IconCalendarX,
  IconChartBar,
  IconFileSpreadsheet,
  IconFileText,
  IconHelp,
  IconHistory,
  IconHome,
  IconId,
  IconKey,
  IconLicense,
  IconList,
  IconNews,
  IconPalette,
  IconPuzzle,
  IconSchool,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_BASE } from '../admin-entities';
import { useAdminMenu } from '../users-api';

/** The icons the server's menu may name (GET /app/admin/menu); an unknown name draws the list icon. */
const ICONS: Record<string, typeof IconList> = {
  IconBuilding,
  IconCalendarEvent,
  IconCalendarX,
  IconChartBar,
  IconFileSpreadsheet,
  IconFileText,
  IconHelp,
  IconHistory,
  IconId,
  IconKey,
  IconLicense,
  IconList,
  IconNews,
  IconPalette,
  IconPuzzle,
  IconSchool,
  IconUserShield,
  IconUsers,
};

/**
 * The side menu (spec 3 §2.3: loaded from the server, GET /app/admin/menu): the home, then each
 * admin screen that exists; `onNavigate` closes the burger menu.
 */
export function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const menu = useAdminMenu();
  const subPath = pathname.replace(/\/+$/, '').slice(ADMIN_BASE.length + 1);
  const screenOf = (path: string) => path.replace(/\/edit$/, '');
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      <NavLink
        component={Link}
        to={ADMIN_BASE}
        label={t('menu.home')}
        leftSection={<IconHome size={18} />}
        active={subPath === ''}
        onClick={onNavigate}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
      {(menu.data?.entries ?? []).map((entry) => {
        const Icon = ICONS[entry.icon] ?? IconList;
        const screen = screenOf(entry.path);
        return (
          <NavLink
            key={entry.code}
            component={Link}
            to={`${ADMIN_BASE}/${entry.path}`}
            label={entry.label}
            leftSection={<Icon size={18} />}
            active={subPath === screen || subPath.startsWith(`${screen}/`)}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </Stack>
  );
}
