import { z } from 'zod';
import { Id } from './common.js';
import { DashboardCourse, DashboardFilter } from './questionnaire-editor.js';

// ── The manager's skill dashboard (spec 3 §2.2, §3, §4) ──────────────────────────────────────────

/**
 * The skill dashboard's filters (query parameters): the triads' filters of the other dashboards
 * (crews, active, search) plus chosen triads, the skill categories (root categories: a category
 * keeps its daughters) and the session (the current one, else the latest, when absent).
 */
export const SkillDashboardFilter = z.object({
  crews: DashboardFilter.shape.crews,
  triads: DashboardFilter.shape.crews,
  categories: DashboardFilter.shape.categories,
  session: z.preprocess((value) => (value === '' ? undefined : value), Id.optional()),
  active: DashboardFilter.shape.active,
  search: DashboardFilter.shape.search,
});
export type SkillDashboardFilter = z.infer<typeof SkillDashboardFilter>;

/** Spec 3 §4: 1 acquired, 2 in progress, 3 not acquired (docs/api/skills.md says how a rating maps). */
export const SKILL_DASHBOARD_LEVEL = { acquired: 1, inProgress: 2, notAcquired: 3 } as const;
export const SkillDashboardLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type SkillDashboardLevel = z.infer<typeof SkillDashboardLevel>;

/** One triad's levels on one skill, per profile; null: not rated (or nobody holds the profile). */
export const SkillDashboardEntry = z.object({
  apprenticeReply: SkillDashboardLevel.nullable(),
  tutorReply: SkillDashboardLevel.nullable(),
  apprenticeMasterReply: SkillDashboardLevel.nullable(),
  leaManagerReply: SkillDashboardLevel.nullable(),
});
export type SkillDashboardEntry = z.infer<typeof SkillDashboardEntry>;

export const SkillDashboardSkill = z.object({
  skillId: z.number().int(),
  skillName: z.string(),
  /** The level a rating must reach to count as acquired. */
  requiredValue: z.number().int(),
  /** The skill's category and its mothers, root first (an RNCP block is a root category). */
  skillBlocks: z.array(z.object({ skillBlockId: z.number().int(), skillBlockName: z.string() })),
  /** Keyed by triad id. */
  dashboardData: z.record(z.string(), SkillDashboardEntry),
});
export type SkillDashboardSkill = z.infer<typeof SkillDashboardSkill>;

/** GET /app/lea-manager/{course}/skill-dashboard: root categories of the session with their skills (daughters' included). */
export const SkillDashboardResponse = z.object({
  session: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sessions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  maxSkillLevel: z.number().int(),
  categories: z.array(z.object({ id: z.number().int(), title: z.string(), skills: z.array(SkillDashboardSkill) })),
  trainingCourse: DashboardCourse,
});
export type SkillDashboardResponse = z.infer<typeof SkillDashboardResponse>;
