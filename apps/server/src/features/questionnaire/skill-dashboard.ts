import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  SKILL_DASHBOARD_LEVEL,
  type FileDownloadResponse,
  type FormModel,
  type Locale,
  type SkillDashboardEntry,
  type SkillDashboardFilter,
  type SkillDashboardLevel,
  type SkillDashboardResponse,
} from '@lea/shared';
import { profileTitlesOf, titleOf } from '../../services/profile-titles.js';
import type { DbOrTx } from '../../db/client.js';
import {
  crews,
  skillAnswers,
  skillCategories,
  skillReplies,
  skills,
  skillSessionCategories,
  skillSessions,
} from '../../db/schema/index.js';
import { buildFormModel, type TabSpec } from '../../generic/form-builder.js';
import type { Caller } from '../../http/caller.js';
import { badRequest, notFound } from '../../http/errors.js';
import { resolveManagedCourse, type ManagedCourse } from '../../services/managed-course.js';
import { isSessionOpen, loadSkillConfig } from '../../services/skill-levels.js';
import { computedLevels, computedSkillFlag, listComputedInputs } from '../../services/computed-skills.js';
import { loadTriads, type DashboardTriadRow } from './dashboard-data.js';
import { dashboardCourse } from './dashboard.js';
import { download, orderedTriads, triadCells, triadHeaders } from './dashboard-export.js';
import { text, textRef, translator, type PlainTextKey } from '../../texts/index.js';

const SECTION = { access: 'MODULE_LEA_SKILL', need: 'view' } as const;

type SessionRow = typeof skillSessions.$inferSelect;
type CategoryRow = typeof skillCategories.$inferSelect;

// The course's skill rows, in the skills screen's order (sessions by start, categories and skills by position).
const courseSessions = (db: DbOrTx, courseId: number) =>
  db
    .select()
    .from(skillSessions)
    .where(eq(skillSessions.trainingCourseId, courseId))
    .orderBy(asc(skillSessions.startDate), asc(skillSessions.position), asc(skillSessions.id));
const courseCategories = (db: DbOrTx, courseId: number) =>
  db
    .select()
    .from(skillCategories)
    .where(eq(skillCategories.trainingCourseId, courseId))
    .orderBy(asc(skillCategories.position), asc(skillCategories.id));
const courseSkills = (db: DbOrTx, courseId: number) =>
  db
    .select({
      id: skills.id,
      skillCategoryId: skills.skillCategoryId,
      name: skills.name,
      requiredValue: skills.requiredValue,
      position: skills.position,
      computed: computedSkillFlag(),
    })
    .from(skills)
    .innerJoin(skillCategories, eq(skillCategories.id, skills.skillCategoryId))
    .where(eq(skillCategories.trainingCourseId, courseId));
const PROFILE_KEYS = [
  [1, 'apprenticeReply'],
  [2, 'tutorReply'],
  [3, 'apprenticeMasterReply'],
  [4, 'leaManagerReply'],
] as const;

/**
 * A rating on the dashboard's three levels (docs/api/skills.md): 0 is no rating; with the skill's
 * required value r (its requiredValue, else the course's maximum level, kept within 1…max), a value
 * ≥ r is acquired, the lowest level (1) is not acquired, anything between is in progress.
 */
export function dashboardLevel(value: number, requiredValue: number | null, maxSkillLevel: number): SkillDashboardLevel | null {
  if (value <= 0) return null;
  const required = requiredLevel(requiredValue, maxSkillLevel);
  if (value >= required) return SKILL_DASHBOARD_LEVEL.acquired;
  return value <= 1 ? SKILL_DASHBOARD_LEVEL.notAcquired : SKILL_DASHBOARD_LEVEL.inProgress;
}

export function requiredLevel(requiredValue: number | null, maxSkillLevel: number): number {
  return Math.min(Math.max(requiredValue ?? maxSkillLevel, 1), maxSkillLevel);
}

/** The session to show: the asked one (404 when not of the course), else the open one, else the latest. */
function pickSession(sessions: SessionRow[], asked: number | undefined): SessionRow | null {
  if (asked !== undefined) {
    const found = sessions.find((session) => session.id === asked);
    if (!found) throw notFound(textRef('skill.sessionNotFound'));
    return found;
  }
  return sessions.find((session) => isSessionOpen(session)) ?? sessions.at(-1) ?? null;
}

export type Board = {
  course: ManagedCourse;
  crews: { id: number; title: string }[];
  triads: DashboardTriadRow[];
  sessions: SessionRow[];
  session: SessionRow | null;
  maxSkillLevel: number;
  categories: SkillDashboardResponse['categories'];
  /** The shown skills computed from questionnaire fields: nobody rates them (the reminder leaves them out). */
  computedSkillIds: Set<number>;
};

/** Everything the dashboard and its export read, in a fixed number of queries. */
export async function loadBoard(db: DbOrTx, caller: Caller, courseId: number, filter: SkillDashboardFilter): Promise<Board> {
  const course = await resolveManagedCourse(db, caller, courseId, SECTION);
  const [sessions, config, categoryRows, skillRows, crewRows, triadRows] = await Promise.all([
    courseSessions(db, course.id),
    loadSkillConfig(db, course.id),
    courseCategories(db, course.id),
    courseSkills(db, course.id),
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(crews.position, crews.id),
    loadTriads(db, course.id, { crews: filter.crews, active: filter.active, search: filter.search }),
  ]);
  const session = pickSession(sessions, filter.session);
  const triads = filter.triads?.length ? triadRows.filter((triad) => filter.triads?.includes(triad.id)) : triadRows;
  const board = { course, crews: crewRows, triads, sessions, session, maxSkillLevel: config.maxSkillLevel };
  if (session === null) return { ...board, categories: [], computedSkillIds: new Set() };

  // The session's root categories (filtered), each with the skills of its whole tree.
  const roots = (
    await db
      .select({ categoryId: skillSessionCategories.skillCategoryId })
      .from(skillSessionCategories)
      .where(eq(skillSessionCategories.skillSessionId, session.id))
  ).map((row) => row.categoryId);
  const byId = new Map(categoryRows.map((category) => [category.id, category]));
  const rootOf = (category: CategoryRow): CategoryRow => {
    let current = category;
    for (let depth = 0; current.motherId !== null && depth < 50; depth += 1) current = byId.get(current.motherId) ?? current;
    return current;
  };
  const chainOf = (category: CategoryRow): CategoryRow[] => {
    const chain = [category];
    while (chain.length < 50 && chain[0]?.motherId != null) {
      const mother = byId.get(chain[0].motherId);
      if (!mother) break;
      chain.unshift(mother);
    }
    return chain;
  };
  const shownRoots = categoryRows.filter(
    (category) => roots.includes(category.id) && (!filter.categories?.length || filter.categories.includes(category.id)),
  );
  const rank = new Map(categoryRows.map((category, index) => [category.id, index]));
  const skillsOf = new Map<number, typeof skillRows>();
  for (const skill of [...skillRows].sort(
    (a, b) => (rank.get(a.skillCategoryId) ?? 0) - (rank.get(b.skillCategoryId) ?? 0) || a.position - b.position || a.id - b.id,
  )) {
    const category = byId.get(skill.skillCategoryId);
    if (!category) continue;
    const root = rootOf(category).id;
    skillsOf.set(root, [...(skillsOf.get(root) ?? []), skill]);
  }

  // The stored ratings of the session for the shown triads; the computed skills' values from their
  // linked questionnaire answers, as the triad's skill grid computes them (whatever the session).
  const triadIds = triads.map((triad) => triad.id);
  const computedIds = shownRoots
    .flatMap((root) => skillsOf.get(root.id) ?? [])
    .filter((skill) => skill.computed)
    .map((skill) => skill.id);
  const [answers, inputs] = await Promise.all([
    triadIds.length === 0
      ? []
      : db
          .select({
            triadId: skillReplies.triadId,
            profile: skillReplies.profile,
            skillId: skillAnswers.skillId,
            value: skillAnswers.value,
          })
          .from(skillAnswers)
          .innerJoin(skillReplies, eq(skillReplies.id, skillAnswers.skillReplyId))
          .where(and(eq(skillReplies.skillSessionId, session.id), inArray(skillReplies.triadId, triadIds))),
    listComputedInputs(db, triadIds, computedIds),
  ]);
  const computedLevel = computedLevels(inputs, config.maxSkillLevel);
  const valueOf = new Map(answers.map((row) => [`${row.skillId}:${row.triadId}:${row.profile}`, row.value]));

  const categories = shownRoots.map((root) => ({
    id: root.id,
    title: root.name,
    skills: (skillsOf.get(root.id) ?? []).map((skill) => {
      const dashboardData: Record<string, SkillDashboardEntry> = {};
      for (const triad of triads) {
        const entry = {} as Record<(typeof PROFILE_KEYS)[number][1], SkillDashboardLevel | null>;
        for (const [profile, key] of PROFILE_KEYS) {
          const value = skill.computed
            ? computedLevel(triad.id, skill.id, profile)
            : (valueOf.get(`${skill.id}:${triad.id}:${profile}`) ?? 0);
          entry[key] = dashboardLevel(value, skill.requiredValue, config.maxSkillLevel);
        }
        dashboardData[String(triad.id)] = entry;
      }
      const category = byId.get(skill.skillCategoryId) as CategoryRow;
      return {
        skillId: skill.id,
        skillName: skill.name,
        requiredValue: requiredLevel(skill.requiredValue, config.maxSkillLevel),
        skillBlocks: chainOf(category).map((block) => ({ skillBlockId: block.id, skillBlockName: block.name })),
        dashboardData,
      };
    }),
  }));
  return { ...board, categories, computedSkillIds: new Set(computedIds) };
}

const sessionOf = (session: SessionRow | null) => (session === null ? null : { id: session.id, name: session.name });

/** GET …/skill-dashboard. */
export async function getSkillDashboard(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  filter: SkillDashboardFilter,
  locale: Locale,
): Promise<SkillDashboardResponse> {
  const board = await loadBoard(db, caller, courseId, filter);
  return {
    session: sessionOf(board.session),
    sessions: board.sessions.map((session) => ({ id: session.id, name: session.name })),
    maxSkillLevel: board.maxSkillLevel,
    categories: board.categories,
    trainingCourse: dashboardCourse(board, filter, locale),
  };
}

const LEVEL_TEXTS = {
  1: 'skillDashboard.acquired',
  2: 'skillDashboard.inProgress',
  3: 'skillDashboard.notAcquired',
} as const satisfies Record<SkillDashboardLevel, PlainTextKey>;

/** GET …/skill-dashboard/export: per triad, one column per skill and profile holding the level's word. */
export async function exportSkillDashboard(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; filter: SkillDashboardFilter; locale: Locale },
): Promise<FileDownloadResponse> {
  const board = await loadBoard(db, caller, params.courseId, params.filter);
  const skills = board.categories.flatMap((category) => category.skills);
  if (board.triads.length === 0 || skills.length === 0) throw badRequest(textRef('dashboard.noData'));
  const columns = skills.flatMap((skill) => PROFILE_KEYS.map(([profile, key]) => ({ skill, profile, key })));
  const titles = (await profileTitlesOf(db, board.course.platformId))[params.locale];
  const headers = [
    ...triadHeaders(params.locale, titles),
    ...columns.map(({ skill, profile }) => `${skill.skillName} – ${titleOf(titles, profile)}`),
  ];
  const rows = orderedTriads(board, params.locale).map((item) => [
    ...triadCells(item, params.locale),
    ...columns.map(({ skill, key }) => {
      const level = skill.dashboardData[String(item.triad.id)]?.[key] ?? null;
      return level === null ? null : text(params.locale, LEVEL_TEXTS[level]);
    }),
  ]);
  const session = board.session?.name ?? text(params.locale, 'skillDashboard.sheet');
  return download(
    `lea-tableau-competences-${board.course.id}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    session.slice(0, 31),
    headers,
    rows,
  );
}

/** GET …/skill-dashboard/filter-form: crews, triads, session, root categories, active, search (tab `filter`). */
export async function skillDashboardFilterForm(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; locale: Locale; filter: SkillDashboardFilter },
): Promise<FormModel> {
  const course = await resolveManagedCourse(db, caller, params.courseId, SECTION);
  const { locale, filter } = params;
  const t = translator(locale);
  const [sessions, categoryRows, crewRows, triadRows] = await Promise.all([
    courseSessions(db, course.id),
    courseCategories(db, course.id),
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(crews.position, crews.id),
    loadTriads(db, course.id, {}),
  ]);
  const choices = (rows: { id: number; title: string }[]) => rows.map((row) => ({ value: String(row.id), label: row.title }));
  const ids = (list: number[] | undefined) => (list ?? []).map(String);
  const triadLabel = (triad: DashboardTriadRow) =>
    triad.apprentice?.fullName ?? t('skillDashboard.triadWithoutApprentice', { id: triad.id });
  const tabs: TabSpec[] = [
    {
      code: 'filter',
      label: 'dashboard.filterTab',
      fields: [
        {
          name: 'session',
          kind: 'select' as const,
          label: 'skillDashboard.filterSession',
          choices: [
            { value: '', label: t('skillDashboard.currentSession') },
            ...sessions.map((session) => ({ value: String(session.id), label: session.name })),
          ],
        },
        { name: 'crews', kind: 'multiselect' as const, label: 'dashboard.filterCrews', choices: choices(crewRows) },
        {
          name: 'triads',
          kind: 'multiselect' as const,
          label: 'skillDashboard.filterTriads',
          choices: triadRows.map((triad) => ({ value: String(triad.id), label: triadLabel(triad) })),
        },
        {
          name: 'categories',
          kind: 'multiselect' as const,
          label: 'skillDashboard.filterCategories',
          choices: choices(categoryRows.filter((category) => category.motherId === null).map((row) => ({ id: row.id, title: row.name }))),
        },
        {
          name: 'active',
          kind: 'select' as const,
          label: 'dashboard.filterActive',
          choices: [
            { value: '', label: t('dashboard.filterAll') },
            { value: '1', label: t('dashboard.filterActiveOnly') },
            { value: '0', label: t('dashboard.filterInactiveOnly') },
          ],
        },
        { name: 'search', kind: 'text' as const, label: 'dashboard.filterSearch', attributes: { placeholder: 'Martin' } },
      ],
    },
  ];
  return buildFormModel('skill_dashboard_filter', locale, tabs, {
    session: filter.session === undefined ? '' : String(filter.session),
    crews: ids(filter.crews),
    triads: ids(filter.triads),
    categories: ids(filter.categories),
    active: filter.active ?? '',
    search: filter.search ?? '',
  });
}
