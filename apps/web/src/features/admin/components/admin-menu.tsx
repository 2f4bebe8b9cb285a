import { NavLink, Stack } from '@mantine/core';
import { IconFileText, IconHome, IconList } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entryPath } from '../../../back-office/screens';
import { ADMIN_AREA, ADMIN_BASE, useAdminScreens } from '../admin-entities';

/** The side menu: the home, then one entry per admin screen that exists; `onNavigate` closes the burger menu. */
export function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { entities } = useAdminScreens();
  const subPath = pathname.replace(/\/+$/, '').slice(ADMIN_BASE.length + 1);
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
      {entities.map((entity) => (
        <NavLink
          key={entity.alias}
          component={Link}
          to={entryPath(ADMIN_AREA, entity)}
          label={entity.titles.list}
          leftSection={entity.can.singleton ? <IconFileText size={18} /> : <IconList size={18} />}
          active={subPath === entity.screen.path || subPath.startsWith(`${entity.screen.path}/`)}
          onClick={onNavigate}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
    </Stack>
  );
}
