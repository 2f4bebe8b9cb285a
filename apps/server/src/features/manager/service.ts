import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ManagerHomeResponse, ManagerMenuResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { crews, triads, users } from '../../db/schema/index.js';
import { courseUserIds } from '../../generic/people.js';
import type { ManagedCourse, Locale } from '../../generic/types.js';
import { text, type TextKey } from '../../texts/index.js';

/**
 * The manager area's side menu (spec 3 §2.1): module codes, icons (Tabler names) and paths under
 * /lea-manager/{course}/. Only screens that work are offered (issue 11 §4): documents, exports and
 * the mail history join the menu with their screens.
 */
const MENU = [
  { code: 'LEA_MANAGER_CONFIG', path: 'config', icon: 'IconHome', title: 'manager.menuHome' },
  { code: 'LEA_MANAGER_SETTINGS', path: 'config/edit', icon: 'IconSettings', title: 'courseModules.menuConfig' },
  { code: 'LEA_MANAGER_SKIN', path: 'skin/edit', icon: 'IconPalette', title: 'courseModules.menuSkin' },
  { code: 'LEA_MANAGER_TEMPLATE', path: 'template/edit', icon: 'IconTemplate', title: 'courseModules.menuTemplate' },
  { code: 'LEA_MANAGER_MODULE', path: 'module', icon: 'IconLayoutList', title: 'courseModules.menuModules' },
  { code: 'LEA_MANAGER_DOCUMENTS_UPLOAD', path: 'document', icon: 'IconFolder', title: 'courseModules.document.list' },
  { code: 'LEA_MANAGER_TRIAD', path: 'triad', icon: 'IconUsersGroup', title: 'manager.menuTriads' },
  { code: 'LEA_MANAGER_QUESTIONNAIRES', path: 'questionnaire', icon: 'IconClipboardList', title: 'manager.menuQuestionnaires' },
  { code: 'LEA_MANAGER_SKILLS', path: 'skill', icon: 'IconChecklist', title: 'skillManage.menuSkills' },
  { code: 'LEA_MANAGER_DASHBOARD', path: 'dashboard', icon: 'IconChartBar', title: 'manager.menuDashboard' },
  {
    code: 'LEA_MANAGER_SKILL_DASHBOARD',
    path: 'skill-dashboard',
    icon: 'IconChartDots',
    title: 'manager.menuSkillDashboard',
    access: 'MODULE_LEA_SKILL',
  },
  { code: 'LEA_MANAGER_MESSAGE', path: 'messaging', icon: 'IconMessage', title: 'message.menuMessaging' },
  { code: 'LEA_MANAGER_ABSENCE', path: 'absence', icon: 'IconCalendarEvent', title: 'calendar.menuAbsence' },
  { code: 'LEA_MANAGER_COURSE', path: 'lesson', icon: 'IconBook', title: 'lesson.menuLessons' },
  { code: 'LEA_MANAGER_SUBJECT', path: 'subject', icon: 'IconBooks', title: 'lesson.menuSubjects' },
  { code: 'LEA_MANAGER_WEBLINKS', path: 'web-link', icon: 'IconLink', title: 'lesson.menuWebLinks' },
  { code: 'LEA_MANAGER_MAIL', path: 'mail', icon: 'IconMail', title: 'history.menuMails' },
  { code: 'LEA_MANAGER_HISTORY', path: 'history', icon: 'IconHistory', title: 'history.menuConnections' },
  { code: 'LEA_MANAGER_EXPORT', path: 'export', icon: 'IconFileImport', title: 'export.menu' },
  { code: 'LEA_MANAGER_QUALIOPI', path: 'qualiopi', icon: 'IconCertificate', title: 'qualiopi.menu' },
] as const satisfies readonly { code: string; path: string; icon: string; title: TextKey; access?: string }[];

/** The manager-area sections (decision 027) some entries need at view: an entry whose section the caller holds at none is left out. */
export const MENU_ACCESSES: readonly string[] = [...new Set(MENU.flatMap((entry) => ('access' in entry ? [entry.access] : [])))];

export function managerMenu(course: ManagedCourse, locale: Locale, hidden: ReadonlySet<string> = new Set()): ManagerMenuResponse {
  return {
    trainingCourse: { id: course.id, displayName: course.displayName, archive: course.archived },
    entries: MENU.filter((entry) => !('access' in entry) || !hidden.has(entry.access)).map((entry) => ({
      code: entry.code,
      title: text(locale, entry.title),
      icon: entry.icon,
      path: entry.path,
    })),
  };
}

/** GET {course}/config: the course and its live counts (the sample figures of spec 3 §1 are the web app's). */
export async function managerHome(db: Db, course: ManagedCourse): Promise<ManagerHomeResponse> {
  const [[crewCount], [triadCounts], [userCount]] = await Promise.all([
    db.select({ n: count() }).from(crews).where(eq(crews.trainingCourseId, course.id)),
    db
      .select({ all: count(), active: sql<number>`count(*) filter (where ${triads.active})`.mapWith(Number) })
      .from(triads)
      .where(eq(triads.trainingCourseId, course.id)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(inArray(users.id, courseUserIds(db, course.id)))),
  ]);
  return {
    trainingCourse: { id: course.id, displayName: course.displayName, startYear: course.startYear, endYear: course.endYear },
    counts: { crews: crewCount?.n ?? 0, triads: triadCounts?.all ?? 0, activeTriads: triadCounts?.active ?? 0, users: userCount?.n ?? 0 },
  };
}
