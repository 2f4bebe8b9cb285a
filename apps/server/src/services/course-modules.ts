import { and, asc, eq, inArray } from 'drizzle-orm';
import { MODULE_CATALOGUE, type CourseSkin, type Locale, type ModuleCode, type ModuleMenuEntry } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { modules, trainingCourseModules, trainingCourseModuleTriads, trainingCourses } from '../db/schema/index.js';
import { text, type TextKey } from '../texts/index.js';
import type { CacheBus } from './shared-cache.js';
import { courseSkin } from './course-skin.js';

/** A module of a course as its screens show it: the platform's catalogue row joined to the course's. */
export type CourseModule = {
  id: number;
  moduleId: number;
  code: string;
  title: string;
  icon: string;
  /** Offered by the platform and switched on for the course. */
  enabled: boolean;
  platformEnabled: boolean;
  courseEnabled: boolean;
  position: number;
};

/** The catalogue's name of a module in the reader's language (`MODULE_LEA_SKILL` → Compétences). */
export function catalogueName(locale: Locale, code: string): string {
  const known = MODULE_CATALOGUE.find((entry) => entry.code === code);
  return known ? text(locale, `courseModules.code.${known.code}` satisfies TextKey) : code;
}

/**
 * The platform's catalogue, completed with the codes it lacks (a new platform, a code added to
 * the product): they join enabled, after the others. Idempotent under concurrent calls.
 */
export async function ensurePlatformModules(db: DbOrTx, platformId: number): Promise<(typeof modules.$inferSelect)[]> {
  const read = () => db.select().from(modules).where(eq(modules.platformId, platformId)).orderBy(asc(modules.position), asc(modules.id));
  const rows = await read();
  const missing = MODULE_CATALOGUE.filter((entry) => !rows.some((row) => row.code === entry.code));
  if (missing.length === 0) return rows;
  const start = rows.reduce((max, row) => Math.max(max, row.position + 1), 0);
  await db
    .insert(modules)
    .values(missing.map((entry, index) => ({ platformId, code: entry.code, icon: entry.icon, position: start + index })))
    .onConflictDoNothing();
  return read();
}

/**
 * A course's modules, created on first use (decision 028): the course's `menu` (what the course
 * was created with) gives the modules switched on and their order; the platform's other modules
 * follow, switched off.
 */
async function ensureCourseRows(db: DbOrTx, courseId: number, platformId: number) {
  const catalogue = await ensurePlatformModules(db, platformId);
  const present = await db
    .select({ moduleId: trainingCourseModules.moduleId, position: trainingCourseModules.position })
    .from(trainingCourseModules)
    .where(eq(trainingCourseModules.trainingCourseId, courseId));
  const missing = catalogue.filter((module) => !present.some((row) => row.moduleId === module.id));
  if (missing.length === 0) return;
  const [course] = await db.select({ menu: trainingCourses.menu }).from(trainingCourses).where(eq(trainingCourses.id, courseId));
  const menu = present.length === 0 ? (course?.menu ?? []) : [];
  const start = present.reduce((max, row) => Math.max(max, row.position + 1), 0);
  const ordered = [
    ...menu.flatMap((entry) => {
      const module = missing.find((candidate) => candidate.code === entry.code);
      return module ? [{ module, title: entry.title, enabled: true }] : [];
    }),
    ...missing
      .filter((module) => !menu.some((entry) => entry.code === module.code))
      .map((module) => ({ module, title: null, enabled: false })),
  ];
  await db
    .insert(trainingCourseModules)
    .values(
      ordered.map((row, index) => ({
        trainingCourseId: courseId,
        moduleId: row.module.id,
        title: row.title,
        enabled: row.enabled,
        position: start + index,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Creates the rows of a course's modules (and its platform's catalogue) when some are missing: at
 * the course's creation (the demo seed, the course forms), so that reading them writes nothing.
 */
export async function ensureCourseModules(db: DbOrTx, course: { id: number; platformId: number }): Promise<void> {
  await ensureCourseRows(db, course.id, course.platformId);
}

/** The course's modules in menu order (platform order breaks ties), completed first when some are missing. */
export async function courseModules(db: DbOrTx, course: { id: number; platformId: number }, locale: Locale): Promise<CourseModule[]> {
  await ensureCourseRows(db, course.id, course.platformId);
  const rows = await courseModuleRows(db, course.id);
  return rows.map(({ name, title, ...row }) => ({
    ...row,
    title: title ?? name ?? catalogueName(locale, row.code),
    enabled: row.platformEnabled && row.courseEnabled,
  }));
}

/** The rows of a course's modules in menu order (platform order breaks ties), as stored. */
function courseModuleRows(db: DbOrTx, courseId: number) {
  return db
    .select({
      id: trainingCourseModules.id,
      moduleId: modules.id,
      code: modules.code,
      title: trainingCourseModules.title,
      name: modules.name,
      icon: modules.icon,
      platformEnabled: modules.enabled,
      courseEnabled: trainingCourseModules.enabled,
      position: trainingCourseModules.position,
    })
    .from(trainingCourseModules)
    .innerJoin(modules, eq(modules.id, trainingCourseModules.moduleId))
    .where(eq(trainingCourseModules.trainingCourseId, courseId))
    .orderBy(asc(trainingCourseModules.position), asc(modules.position), asc(trainingCourseModules.id));
}

/**
 * What the triads' menus of a course are made of, as the shared cache keeps it (topic
 * 'courseMenu', key the course id): the course's modules in menu order, before the reader's
 * language names them, and, per triad, the modules its managers hid from it. Every write that
 * changes them says so with `ctx.cache.changed('courseMenu', courseId, tx)` (the course's modules,
 * their visibility per triad) or `changed('courseMenu', null, tx)` (the platform's catalogue).
 */
type CourseMenuState = {
  modules: (Omit<CourseModule, 'title' | 'enabled'> & { title: string | null; name: string | null })[];
  /** triad id → the course module ids hidden from it. */
  hidden: Map<number, Set<number>>;
  /** The course's skin (courseSkin), kept with its menu: the same screens change both. */
  skin: CourseSkin | null;
};

/** How many courses' menus a process keeps. */
const COURSE_MENU_CACHE_SIZE = 500;

async function loadCourseMenuState(db: DbOrTx, course: { id: number; platformId: number }): Promise<CourseMenuState> {
  await ensureCourseRows(db, course.id, course.platformId);
  const [rows, hiddenRows, skin] = await Promise.all([
    courseModuleRows(db, course.id),
    db
      .select({ triadId: trainingCourseModuleTriads.triadId, moduleId: trainingCourseModuleTriads.trainingCourseModuleId })
      .from(trainingCourseModuleTriads)
      .innerJoin(trainingCourseModules, eq(trainingCourseModules.id, trainingCourseModuleTriads.trainingCourseModuleId))
      .where(and(eq(trainingCourseModules.trainingCourseId, course.id), eq(trainingCourseModuleTriads.visible, false))),
    courseSkin(db, course.id),
  ]);
  const hidden = new Map<number, Set<number>>();
  for (const row of hiddenRows) {
    const set = hidden.get(row.triadId) ?? new Set<number>();
    set.add(row.moduleId);
    hidden.set(row.triadId, set);
  }
  return { modules: rows, hidden, skin };
}

/**
 * A triad's module menu (spec 2 §2): the course's modules that the platform offers and the course
 * has switched on, minus the ones its managers hid from this triad, in the course's order; and the
 * course's skin. Read from the shared cache when given (no statement once the course's menu is kept).
 */
export async function triadMenu(
  cache: CacheBus | null,
  db: DbOrTx,
  course: { id: number; platformId: number },
  triadId: number,
  locale: Locale,
): Promise<{ menu: ModuleMenuEntry[]; skin: CourseSkin | null }> {
  const load = () => loadCourseMenuState(db, course);
  const state = await (cache ? cache.cache<CourseMenuState>('courseMenu', COURSE_MENU_CACHE_SIZE).get(course.id, load) : load());
  const hidden = state.hidden.get(triadId);
  const menu = state.modules
    .filter((module) => module.platformEnabled && module.courseEnabled && !hidden?.has(module.id))
    .map((module) => ({
      code: module.code,
      title: module.title ?? module.name ?? catalogueName(locale, module.code),
      icon: module.icon,
      helpDocument: null,
    }));
  return { menu, skin: state.skin };
}

/** The course menu without a triad (the course list): the enabled modules. */
export async function courseMenu(db: DbOrTx, course: { id: number; platformId: number }, locale: Locale): Promise<ModuleMenuEntry[]> {
  return (await courseModules(db, course, locale))
    .filter((module) => module.enabled)
    .map((module) => ({ code: module.code, title: module.title, icon: module.icon, helpDocument: null }));
}

/** The visibility rows of a course's triads, completed (shown) for the triads and modules that lack one. */
export async function ensureTriadEntries(db: DbOrTx, moduleIds: number[], triadIds: number[]) {
  if (moduleIds.length === 0 || triadIds.length === 0) return [];
  const read = () =>
    db
      .select()
      .from(trainingCourseModuleTriads)
      .where(
        and(inArray(trainingCourseModuleTriads.trainingCourseModuleId, moduleIds), inArray(trainingCourseModuleTriads.triadId, triadIds)),
      );
  const rows = await read();
  const have = new Set(rows.map((row) => `${row.trainingCourseModuleId}:${row.triadId}`));
  const missing = moduleIds.flatMap((moduleId) =>
    triadIds.filter((triadId) => !have.has(`${moduleId}:${triadId}`)).map((triadId) => ({ trainingCourseModuleId: moduleId, triadId })),
  );
  if (missing.length === 0) return rows;
  await db.insert(trainingCourseModuleTriads).values(missing).onConflictDoNothing();
  return read();
}

/**
 * Whether a module is open to one triad's members: offered by the platform, switched on by the
 * course and not hidden from the triad (spec 3 §4). A course whose module rows were never made
 * (nothing configured yet) keeps every catalogue module open, as its menu shows them.
 */
export async function moduleOpenToTriad(db: DbOrTx, courseId: number, triadId: number, code: ModuleCode): Promise<boolean> {
  const [row] = await db
    .select({
      platformEnabled: modules.enabled,
      courseEnabled: trainingCourseModules.enabled,
      visible: trainingCourseModuleTriads.visible,
    })
    .from(trainingCourseModules)
    .innerJoin(modules, eq(modules.id, trainingCourseModules.moduleId))
    .leftJoin(
      trainingCourseModuleTriads,
      and(eq(trainingCourseModuleTriads.trainingCourseModuleId, trainingCourseModules.id), eq(trainingCourseModuleTriads.triadId, triadId)),
    )
    .where(and(eq(trainingCourseModules.trainingCourseId, courseId), eq(modules.code, code)))
    .limit(1);
  if (!row) return true;
  return row.platformEnabled && row.courseEnabled && row.visible !== false;
}
