import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { answers, fieldSkills, replies, skills } from '../db/schema/index.js';

/**
 * Computed skills (spec 2 §3): a skill linked to questionnaire fields (fieldSkills) is not rated;
 * its value for a triad and profile is the coefficient-weighted mean of the linked answers. The
 * triad's skill grid (skill feature) and the manager's skill dashboard (questionnaire feature) both
 * read it from here, so that they show the same value.
 */

/** In a select on `skills`: whether questionnaire fields compute the skill. */
export const computedSkillFlag = () => sql<boolean>`exists (select 1 from ${fieldSkills} where ${fieldSkills.skillId} = ${skills.id})`;

export type ComputedInput = { triadId: number; skillId: number; profile: number; coefficient: number; mark: number | null; value: unknown };

/**
 * The questionnaire answers that compute the given skills for the given triads, in one query: per
 * triad, skill and the reply's profile, the answer's mark (or value) with the link's coefficient.
 */
export function listComputedInputs(db: DbOrTx, triadIds: number[], skillIds: number[]): Promise<ComputedInput[]> {
  if (triadIds.length === 0 || skillIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      triadId: replies.triadId,
      skillId: fieldSkills.skillId,
      profile: replies.profile,
      coefficient: fieldSkills.coefficient,
      mark: answers.mark,
      value: answers.value,
    })
    .from(fieldSkills)
    .innerJoin(answers, eq(answers.questionId, fieldSkills.questionId))
    .innerJoin(replies, and(eq(replies.id, answers.replyId), inArray(replies.triadId, triadIds)))
    .where(and(inArray(fieldSkills.skillId, skillIds), isNotNull(answers.id)));
}

/** A computed skill's value for one profile: the coefficient-weighted mean of its linked answers, rounded to a level 0…max. */
export function computeLevel(inputs: Pick<ComputedInput, 'coefficient' | 'mark' | 'value'>[], max: number): number {
  let weighted = 0;
  let weights = 0;
  for (const input of inputs) {
    const number = input.mark ?? (typeof input.value === 'number' ? input.value : Number.parseFloat(String(input.value)));
    if (!Number.isFinite(number)) continue;
    weighted += input.coefficient * number;
    weights += input.coefficient;
  }
  if (weights === 0) return 0;
  return Math.max(0, Math.min(max, Math.round(weighted / weights)));
}

/** The computed levels of `listComputedInputs`'s rows, by triad, skill and profile (0 when nothing computes it). */
export function computedLevels(inputs: ComputedInput[], max: number): (triadId: number, skillId: number, profile: number) => number {
  const key = (triadId: number, skillId: number, profile: number) => `${triadId}:${skillId}:${profile}`;
  const grouped = new Map<string, ComputedInput[]>();
  for (const input of inputs) {
    const at = key(input.triadId, input.skillId, input.profile);
    grouped.set(at, [...(grouped.get(at) ?? []), input]);
  }
  const levels = new Map([...grouped].map(([at, rows]) => [at, computeLevel(rows, max)]));
  return (triadId, skillId, profile) => levels.get(key(triadId, skillId, profile)) ?? 0;
}
