import { eq } from 'drizzle-orm';
import { DEFAULT_MAX_SKILL_LEVEL, PROFILE, type Locale, type SkillLevel } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { skillConfigurations } from '../db/schema/index.js';
import { text, type TextKey } from '../texts/index.js';

/** The profiles that rate when a course has not said (spec 2 §5): the three triad members. */
export const DEFAULT_SKILL_ROLES = [PROFILE.apprentice, PROFILE.tutor, PROFILE.apprenticeMaster];

export type SkillConfig = { maxSkillLevel: number; levelLabels: string[]; skillRoles: number[]; skillPresentation: string | null };

/** Default labels by level count (spec 3 §5); other counts are numbered. */
const DEFAULT_LABELS: Record<number, TextKey[]> = {
  2: ['skill.level1of2', 'skill.level2of2'],
  3: ['skill.level1of2', 'skill.level2of3', 'skill.level2of2'],
  4: ['skill.level1of2', 'skill.level2of3', 'skill.level2of2', 'skill.level4of4'],
  5: ['skill.level1of5', 'skill.level2of5', 'skill.level3of5', 'skill.level4of5', 'skill.level5of5'],
};

export function defaultLevelLabels(max: number, locale: Locale): string[] {
  const keys = DEFAULT_LABELS[max];
  if (keys) return keys.map((key) => text(locale, key as 'skill.level1of2'));
  return Array.from({ length: max }, (_, index) => text(locale, 'skill.levelN', { level: index + 1 }));
}

/**
 * The labels of `max` levels: the stored ones first (trimmed when the maximum went down), the
 * defaults of that count for the levels without one.
 */
export function levelLabelsFor(max: number, stored: string[], locale: Locale): string[] {
  const defaults = defaultLevelLabels(max, locale);
  return defaults.map((fallback, index) => stored[index]?.trim() || fallback);
}

export function skillLevels(config: SkillConfig, locale: Locale): SkillLevel[] {
  return levelLabelsFor(config.maxSkillLevel, config.levelLabels, locale).map((label, index) => ({ level: index + 1, label }));
}

export async function loadSkillConfig(db: DbOrTx, courseId: number): Promise<SkillConfig> {
  const [row] = await db.select().from(skillConfigurations).where(eq(skillConfigurations.trainingCourseId, courseId));
  if (!row) return { maxSkillLevel: DEFAULT_MAX_SKILL_LEVEL, levelLabels: [], skillRoles: DEFAULT_SKILL_ROLES, skillPresentation: null };
  return row;
}

/** A session is open while today (UTC date) lies between its start and end dates, both included (spec 2 §4). */
export function isSessionOpen(session: { startDate: string; endDate: string }, today = new Date().toISOString().slice(0, 10)): boolean {
  return session.startDate <= today && today <= session.endDate;
}
