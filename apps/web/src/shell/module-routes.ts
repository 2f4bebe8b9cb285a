import {
  IconBook,
  IconCalendar,
  IconChecklist,
  IconFolder,
  IconLink,
  IconNote,
  IconNotes,
  IconPuzzle,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ModuleMenuEntry, UserType } from '@lea/shared';

/** Where each training-course module of the triad menu lives (spec 2 §2). */
export const MODULE_ROUTES: Readonly<Record<string, string>> = {
  MODULE_LEA_DOCUMENT: '/dashboard/document',
  MODULE_LEA_SKILL: '/dashboard/skills',
  MODULE_LEA_ABSENCE: '/dashboard/timetable/calendar',
  MODULE_LEA_COURSE: '/dashboard/lessons',
  MODULE_LEA_NOTEPAD: '/dashboard/notepad',
  MODULE_LEA_WEBLINKS: '/dashboard/weblinks',
  MODULE_LEA_NOTE: '/dashboard/document?category=note',
  // Not a tab (NON_TAB_MODULES): reached from the dashboard's questionnaire blocks.
  MODULE_LEA_QUESTIONNAIRE: '/dashboard/questionnaires',
};

export const MESSAGE_MODULE = 'MODULE_LEA_MESSAGE';
export const MESSAGE_ROUTE = '/dashboard/message';

/** Modules reached some other way (the dashboard, the message icon), never as ordinary tabs or menu entries. */
export const NON_TAB_MODULES: ReadonlySet<string> = new Set([
  'MODULE_LEA_REGISTRATION',
  'MODULE_LEA_GENERAL',
  'MODULE_LEA_QUESTIONNAIRE',
  MESSAGE_MODULE,
]);

const MODULE_ICONS: Readonly<Record<string, TablerIcon>> = {
  MODULE_LEA_DOCUMENT: IconFolder,
  MODULE_LEA_SKILL: IconChecklist,
  MODULE_LEA_ABSENCE: IconCalendar,
  MODULE_LEA_COURSE: IconBook,
  MODULE_LEA_NOTEPAD: IconNotes,
  MODULE_LEA_WEBLINKS: IconLink,
  MODULE_LEA_NOTE: IconNote,
};

export type ModuleLink = { code: string; title: string; path: string; icon: TablerIcon };

/** The menu's modules that are ordinary tabs and have a screen, in menu order. */
export function moduleLinks(menu: readonly ModuleMenuEntry[]): ModuleLink[] {
  return menu.flatMap((entry) => {
    const path = MODULE_ROUTES[entry.code];
    if (NON_TAB_MODULES.has(entry.code) || !path) return [];
    return [{ code: entry.code, title: entry.title, path, icon: MODULE_ICONS[entry.code] ?? IconPuzzle }];
  });
}

export function hasMessageModule(menu: readonly ModuleMenuEntry[]): boolean {
  return menu.some((entry) => entry.code === MESSAGE_MODULE);
}

/** Non-apprentices (tutors, masters, managers, administrators) get the training-course-list tab (spec 1 §6). */
export function showsCourseListTab(type: UserType | null | undefined): boolean {
  return type !== 'apprentice';
}
