import type { ComponentType } from 'react';
import {
  IconChartBar,
  IconClipboardList,
  IconFileImport,
  IconFolder,
  IconHome,
  IconMail,
  IconUsersGroup,
} from '@tabler/icons-react';

/** The manager area's menu (spec 3 §2.1): the home, then one entry per section sub-path. */
export type ManagerSection = {
  key: 'home' | 'triad' | 'questionnaire' | 'dashboard' | 'document' | 'export' | 'mail';
  path: string;
  icon: ComponentType<{ size?: number | string }>;
};

export const MANAGER_SECTIONS: readonly ManagerSection[] = [
  { key: 'home', path: '', icon: IconHome },
  { key: 'triad', path: 'triad', icon: IconUsersGroup },
  { key: 'questionnaire', path: 'questionnaire', icon: IconClipboardList },
  { key: 'dashboard', path: 'dashboard', icon: IconChartBar },
  { key: 'document', path: 'document', icon: IconFolder },
  { key: 'export', path: 'export', icon: IconFileImport },
  { key: 'mail', path: 'mail', icon: IconMail },
];

/** The section a sub-path belongs to (`triad/edit/3` → triad), or null for an unlisted one. */
export function sectionOfPath(subPath: string): ManagerSection | null {
  const first = subPath.split('/')[0] ?? '';
  if (first === '') return null;
  return MANAGER_SECTIONS.find((section) => section.path === first) ?? null;
}
