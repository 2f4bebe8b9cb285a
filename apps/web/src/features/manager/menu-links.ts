import type { ComponentType } from 'react';
import {
  IconAward,
  IconBook,
  IconCalendarEvent,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconFileImport,
  IconFolder,
  IconHistory,
  IconHome,
  IconLayoutList,
  IconLink,
  IconMail,
  IconMessage,
  IconNotebook,
  IconPalette,
  IconPoint,
  IconSettings,
  IconTemplate,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ManagerMenuResponse } from '@lea/shared';
import { MANAGER_SECTIONS } from './sections';

type Icon = ComponentType<{ size?: number | string }>;

/** A link of the side menu; `label` is an i18n key when `translated`, the server's title otherwise. */
export type MenuLink = { key: string; label: string; translated: boolean; path: string; icon: Icon };

/** The server names icons by word (Font Awesome or Tabler style); unknown ones get a dot. */
const ICONS: Record<string, Icon> = {
  home: IconHome,
  config: IconHome,
  triad: IconUsersGroup,
  users: IconUsersGroup,
  questionnaire: IconClipboardList,
  clipboard: IconClipboardList,
  dashboard: IconChartBar,
  chart: IconChartBar,
  document: IconFolder,
  folder: IconFolder,
  export: IconFileImport,
  import: IconFileImport,
  mail: IconMail,
  envelope: IconMail,
  history: IconHistory,
  skill: IconAward,
  lesson: IconBook,
  book: IconBook,
  absence: IconCalendarEvent,
  calendar: IconCalendarEvent,
  link: IconLink,
  'web-link': IconLink,
  message: IconMessage,
  messaging: IconMessage,
  notepad: IconNotebook,
  skin: IconPalette,
  template: IconTemplate,
  layout: IconLayoutList,
  settings: IconSettings,
  certificate: IconCertificate,
};

/** `fa-users`, `IconUsers`, `users-group`… → the first known word. */
export function iconFor(name: string, code: string): Icon {
  const words = `${name} ${code}`
    .replace(/^Icon/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word && word !== 'fa' && word !== 'lea' && word !== 'manager' && word !== 'module');
  for (const word of words) {
    const icon = ICONS[word] ?? ICONS[word.replace(/s$/, '')];
    if (icon) return icon;
  }
  return IconPoint;
}

/** The server's menu, or the static sections while it loads or when it failed. */
export function menuLinks(menu: ManagerMenuResponse | undefined): MenuLink[] {
  if (!menu) {
    return MANAGER_SECTIONS.map((section) => ({
      key: section.key,
      label: `menu.${section.key}`,
      translated: true,
      path: section.path,
      icon: section.icon,
    }));
  }
  return menu.entries.map((entry) => {
    const trimmed = entry.path.replace(/^\/+|\/+$/g, '');
    // The home is the area's base: `config` and the empty path both lead there.
    const path = trimmed === 'config' ? '' : trimmed;
    // A section the web app knows keeps its own wording in both languages; others show the server's title.
    const known = MANAGER_SECTIONS.find((section) => section.path === path);
    return {
      key: entry.code,
      label: known ? `menu.${known.key}` : entry.title,
      translated: known !== undefined,
      path,
      icon: iconFor(entry.icon, entry.code),
    };
  });
}
