import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MANAGER_SECTIONS } from '../sections';

/** The side menu's links; `onNavigate` closes the collapsed (burger) menu on small screens. */
export function ManagerMenu({ base, onNavigate }: { base: string; onNavigate?: () => void }) {
  const { t } = useTranslation('manager');
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '');
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      {MANAGER_SECTIONS.map(({ key, path, icon: Icon }) => {
        const to = path ? `${base}/${path}` : base;
        const active = path ? current === to || current.startsWith(`${to}/`) : current === base;
        return (
          <NavLink
            key={key}
            component={Link}
            to={to}
            label={t(`menu.${key}`)}
            leftSection={<Icon size={18} />}
            active={active}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </Stack>
  );
}
