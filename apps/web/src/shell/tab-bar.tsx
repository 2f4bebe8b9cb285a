import { useEffect, useRef } from 'react';
import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHome, IconList, IconMenu2, type TablerIcon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ModuleMenuEntry, UserType } from '@lea/shared';
import { moduleLinks, showsCourseListTab } from './module-routes';
import classes from './tab-bar.module.css';

export type Tab = { key: string; label: string; path: string; icon: TablerIcon; translated: boolean };

/** Pages without tabs (spec 1 §2.6); the manager area keeps them only on small screens. */
export function isTabBarVisible(pathname: string, isMobile: boolean): boolean {
  const hiddenPrefixes = ['/error', '/profile', '/dashboard/training-course-list', '/admin', '/login'];
  if (hiddenPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  if (pathname.includes('shared-document')) return false;
  if (pathname.startsWith('/lea-manager/')) return isMobile;
  return true;
}

/** Home, the course's module tabs, then the course list for non-apprentices. */
export function buildTabs(menu: readonly ModuleMenuEntry[], userType: UserType | null | undefined): Tab[] {
  const tabs: Tab[] = [{ key: 'home', label: 'routes.Dashboard', path: '/dashboard/home', icon: IconHome, translated: true }];
  for (const link of moduleLinks(menu)) {
    tabs.push({ key: link.code, label: link.title, path: link.path, icon: link.icon, translated: false });
  }
  if (showsCourseListTab(userType)) {
    tabs.push({
      key: 'course-list',
      label: 'routes.TrainingCourseList',
      path: '/dashboard/training-course-list',
      icon: IconList,
      translated: true,
    });
  }
  return tabs;
}

/** A tab path may carry a query (notes are the document screen with category=note). */
export function isTabActive(tabPath: string, pathname: string, search: string): boolean {
  const [path, query] = tabPath.split('?');
  if (path !== pathname) return false;
  const category = new URLSearchParams(search).get('category');
  return query ? new URLSearchParams(query).get('category') === category : category !== 'note';
}

type TabBarProps = {
  menu: readonly ModuleMenuEntry[];
  userType: UserType | null | undefined;
  onOpenMenu: () => void;
};

export function TabBar({ menu, userType, onOpenMenu }: TabBarProps) {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const tabs = buildTabs(menu, userType);
  const scroller = useRef<HTMLDivElement>(null);
  // On narrow screens the active tab may sit beyond the edge: bring it into view.
  useEffect(() => {
    scroller.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, search, menu]);
  return (
    <nav aria-label={t('tabBar')} className={classes.bar}>
      <div className={classes.scroller} ref={scroller}>
        {tabs.map((tab) => {
          const active = isTabActive(tab.path, pathname, search);
          // Module titles come from the platform's menu; the i18n catalogue has them per code too.
          const name = tab.translated ? t(tab.label) : t(`routes.${tab.key}`, { defaultValue: tab.label });
          // A tab is narrow: long names get a short label (tabs.*), the whole name stays in the tooltip.
          const label = t(`tabs.${tab.key}`, { defaultValue: name });
          return (
            <Tooltip key={tab.key} label={name} disabled={label === name} openDelay={300}>
              <UnstyledButton
                component={Link}
                to={tab.path}
                className={classes.tab}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                aria-label={label === name ? undefined : name}
              >
                <tab.icon size={22} stroke={1.6} aria-hidden />
                <Text className={classes.label} span>
                  {label}
                </Text>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </div>
      <UnstyledButton className={`${classes.tab} ${classes.menu}`} onClick={onOpenMenu} aria-haspopup="dialog">
        <IconMenu2 size={22} stroke={1.6} aria-hidden />
        <Text className={classes.label} span>
          {t('menu.open')}
        </Text>
      </UnstyledButton>
    </nav>
  );
}
