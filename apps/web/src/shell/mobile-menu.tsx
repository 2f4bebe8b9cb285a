import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconHome, IconList, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, type ModuleMenuEntry } from '@lea/shared';
import { moduleLinks } from './module-routes';
import { isTabActive } from './tab-bar';

type MobileMenuProps = {
  opened: boolean;
  onClose: () => void;
  menu: readonly ModuleMenuEntry[];
  /** Number of active training courses: the list is offered only when there is a choice. */
  courseCount: number;
  onLogout: () => void;
};

/** Spec 1 §2.6: Home, the course list (more than one course), the modules, Logout and the version. */
export function MobileMenu({ opened, onClose, menu, courseCount, onLogout }: MobileMenuProps) {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title={t('menu.title')}>
      <Stack gap={2} component="nav" aria-label={t('menu.title')}>
        <NavLink
          component={Link}
          to="/dashboard/home"
          label={t('routes.Dashboard')}
          leftSection={<IconHome size={18} />}
          active={pathname === '/dashboard/home'}
          onClick={onClose}
        />
        {courseCount > 1 && (
          <NavLink
            component={Link}
            to="/dashboard/training-course-list"
            label={t('routes.TrainingCourseList')}
            leftSection={<IconList size={18} />}
            active={pathname === '/dashboard/training-course-list'}
            onClick={onClose}
          />
        )}
        {moduleLinks(menu).map((link) => (
          <NavLink
            key={link.code}
            component={Link}
            to={link.path}
            label={t(`routes.${link.code}`, { defaultValue: link.title })}
            leftSection={<link.icon size={18} />}
            active={isTabActive(link.path, pathname, search)}
            onClick={onClose}
          />
        ))}
        <Divider my="sm" />
        <NavLink
          component="button"
          label={t('logout')}
          leftSection={<IconLogout size={18} />}
          onClick={() => {
            onClose();
            onLogout();
          }}
        />
        <Text size="xs" c="dimmed" ta="center" mt="lg">
          {t('menu.version', { version: APP_VERSION })}
        </Text>
      </Stack>
    </Drawer>
  );
}
