import type { ComponentType } from 'react';
import { IconBuilding, IconCertificate, IconFileText, IconPalette, IconPuzzle, IconUsers } from '@tabler/icons-react';

/** The administrator area's menu (spec 3 §2.3), each entry the path of its screens under /admin. */
export type AdminSection = {
  key: 'users' | 'institutions' | 'trainings' | 'modules' | 'design' | 'legal';
  path: string;
  icon: ComponentType<{ size?: number | string }>;
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'users', path: 'users', icon: IconUsers },
  { key: 'institutions', path: 'institutions', icon: IconBuilding },
  { key: 'trainings', path: 'trainings', icon: IconCertificate },
  { key: 'modules', path: 'modules', icon: IconPuzzle },
  { key: 'design', path: 'design/edit', icon: IconPalette },
  { key: 'legal', path: 'data-agreement/edit', icon: IconFileText },
];

/** The section a sub-path belongs to, by its first segment (`design/edit` → design). */
export function sectionOfPath(subPath: string): AdminSection | null {
  const first = subPath.split('/')[0] ?? '';
  if (first === '') return null;
  return ADMIN_SECTIONS.find((section) => section.path.split('/')[0] === first) ?? null;
}
