import { NavLink, Stack } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_SECTIONS, sectionOfPath } from '../sections';

const BASE = '/admin';

/** The side menu's links; `onNavigate` closes the collapsed (burger) menu on small screens. */
export function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const subPath = pathname.replace(/\/+$/, '').slice(BASE.length + 1);
  const current = sectionOfPath(subPath);
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      <NavLink
        component={Link}
        to={BASE}
        label={t('menu.home')}
        leftSection={<IconHome size={18} />}
        active={subPath === ''}
        onClick={onNavigate}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
      {ADMIN_SECTIONS.map(({ key, path, icon: Icon }) => (
        <NavLink
          key={key}
          component={Link}
          to={`${BASE}/${path}`}
          label={t(`menu.${key}`)}
          leftSection={<Icon size={18} />}
          active={current?.key === key}
          onClick={onNavigate}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
    </Stack>
  );
}
