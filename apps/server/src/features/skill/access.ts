import { PROFILE } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import { occupiedProfiles, resolveTriadAccess, type TriadAccessContext } from '../../services/triad-access.js';
import { textRef } from '../../texts/index.js';
import { loadSkillConfig, type SkillConfig } from '../../services/skill-levels.js';

export type SkillAccess = TriadAccessContext & {
  config: SkillConfig;
  /** Grid columns: the course's skill roles held in the triad. */
  columns: number[];
  /** Columns the caller rates: their profiles in the triad that are skill roles (spec 2 §5). */
  ratingProfiles: number[];
};

/**
 * The triad of `/app/skill/{trainingCourse}/{triad}` for the caller: 404 when the triad is not of
 * that course (or of another platform), 403 when the caller is neither member nor manager.
 */
export async function resolveSkillAccess(db: DbOrTx, caller: Caller, courseId: number, triadId: number): Promise<SkillAccess> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_SKILL' });
  if (access.triad.trainingCourseId !== courseId) throw notFound(textRef('common.triadNotFound'));
  const config = await loadSkillConfig(db, courseId);
  const present = occupiedProfiles(access.triad);
  const profiles: number[] = [PROFILE.apprentice, PROFILE.tutor, PROFILE.apprenticeMaster, PROFILE.manager];
  const columns = profiles.filter((profile) => config.skillRoles.includes(profile) && present.includes(profile));
  const ratingProfiles = access.roles.filter((profile) => columns.includes(profile));
  return { ...access, config, columns, ratingProfiles };
}
