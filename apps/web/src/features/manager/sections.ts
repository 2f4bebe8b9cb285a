import type { ComponentType } from 'react';
import { IconChartBar, IconClipboardList, IconHome, IconUsersGroup } from '@tabler/icons-react';

/** The manager area's menu (spec 3 §2.1) while the server's loads: the home, then the sections that have screens. */
export type ManagerSection = {
  key: 'home' | 'triad' | 'questionnaire' | 'dashboard';
  path: string;
  icon: ComponentType<{ size?: number | string }>;
};

export const MANAGER_SECTIONS: readonly ManagerSection[] = [
  { key: 'home', path: '', icon: IconHome },
  { key: 'triad', path: 'triad', icon: IconUsersGroup },
  { key: 'questionnaire', path: 'questionnaire', icon: IconClipboardList },
  { key: 'dashboard', path: 'dashboard', icon: IconChartBar },
];
