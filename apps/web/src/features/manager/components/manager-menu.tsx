import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuLink } from '../menu-links';

/** The side menu's links; `onNavigate` closes the collapsed (burger) menu on small screens. */
export function ManagerMenu({ base, links, onNavigate }: { base: string; links: MenuLink[]; onNavigate?: () => void }) {
  const { t } = useTranslation('manager');
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '');
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      {links.map(({ key, label, translated, path, icon: Icon }) => {
        const to = path ? `${base}/${path}` : base;
        const active = path ? current === to || current.startsWith(`${to}/`) : current === base || current === `${base}/config`;
        return (
          <NavLink
            key={key}
            component={Link}
            to={to}
            label={translated ? t(label) : label}
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
