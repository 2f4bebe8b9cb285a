import {
  IconBook,
  IconCalendarEvent,
  IconCertificate,
  IconChecklist,
  IconFolder,
  IconLink,
  IconNote,
  IconNotes,
  IconSchool,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ModuleMenuEntry, UserType } from '@lea/shared';

type ModuleScreen = { path: string; icon?: TablerIcon };

/**
 * The course-menu modules whose screens exist, and where they live (spec 2 §2). A module of the
 * menu that is not here is not offered at all (no tab, no menu entry, no header icon), so nobody
 * lands on an empty page: a module joins this list together with its routes in router.tsx.
 * Modules without an icon are reached some other way (the dashboard's questionnaire blocks, the
 * header's envelope), never as ordinary tabs or menu entries.
 */
export const AVAILABLE_MODULES: Readonly<Record<string, ModuleScreen>> = {
  MODULE_LEA_DOCUMENT: { path: '/dashboard/document', icon: IconFolder },
  MODULE_LEA_NOTE: { path: '/dashboard/document?category=note', icon: IconNote },
  MODULE_LEA_NOTEPAD: { path: '/dashboard/notepad', icon: IconNotes },
  MODULE_LEA_SKILL: { path: '/dashboard/skills', icon: IconChecklist },
  MODULE_LEA_QUESTIONNAIRE: { path: '/dashboard/questionnaires' },
  MODULE_LEA_ABSENCE: { path: '/dashboard/timetable', icon: IconCalendarEvent },
  MODULE_LEA_MESSAGE: { path: '/dashboard/message' },
  MODULE_LEA_COURSE: { path: '/dashboard/lessons', icon: IconBook },
  MODULE_LEA_WEBLINKS: { path: '/dashboard/weblinks', icon: IconLink },
  MODULE_LEA_GRADEBOOK: { path: '/dashboard/gradebook', icon: IconSchool },
  MODULE_LEA_ATTESTATION: { path: '/dashboard/attestations', icon: IconCertificate },
};

export const MESSAGE_MODULE = 'MODULE_LEA_MESSAGE';

export type ModuleLink = { code: string; title: string; path: string; icon: TablerIcon };

/** The menu's available modules that are ordinary tabs, in menu order. */
export function moduleLinks(menu: readonly ModuleMenuEntry[]): ModuleLink[] {
  return menu.flatMap((entry) => {
    const screen = AVAILABLE_MODULES[entry.code];
    return screen?.icon ? [{ code: entry.code, title: entry.title, path: screen.path, icon: screen.icon }] : [];
  });
}

/** Where a module of the menu is reached, or null when the course does not have it or it has no screen yet. */
export function offeredModulePath(menu: readonly ModuleMenuEntry[], code: string): string | null {
  const screen = AVAILABLE_MODULES[code];
  return screen && menu.some((entry) => entry.code === code) ? screen.path : null;
}

/** Non-apprentices (tutors, masters, managers, administrators) get the training-course-list tab (spec 1 §6). */
export function showsCourseListTab(type: UserType | null | undefined): boolean {
  return type !== 'apprentice';
}
