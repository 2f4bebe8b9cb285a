import type { AccessWindow } from '@lea/shared';
import type { AccessDates } from '../db/schema/index.js';

/**
 * Which questionnaires apply to a triad, who sees them and when each profile may answer them
 * (spec 1 §4.4, spec 3 §4): pure functions shared by the questionnaire feature and the triad's
 * key-dates calendar.
 */

const OPEN_WINDOW: AccessWindow = { startDate: null, endDate: null };

const hasBound = (window: AccessWindow | null | undefined): window is AccessWindow =>
  !!window && (window.startDate !== null || window.endDate !== null);

/**
 * A profile's access window: the crew's dates when the questionnaire uses crew dates and the
 * triad's crew has some; else the profile's own window; else the `all` window; else always open.
 */
export function effectiveWindow(
  questionnaire: { accessDates: AccessDates; useCrewDates: boolean },
  profile: number,
  crewDates: AccessWindow | null,
): AccessWindow {
  if (questionnaire.useCrewDates && hasBound(crewDates)) return crewDates;
  const own = questionnaire.accessDates[profile as 1 | 2 | 3 | 4];
  if (hasBound(own)) return own;
  if (hasBound(questionnaire.accessDates.all)) return questionnaire.accessDates.all;
  return OPEN_WINDOW;
}

/** The questionnaire applies to the triad through its crews or triads, or to all when it has neither. */
export function appliesToTriad(links: { crewIds: number[]; triadIds: number[] }, triad: { id: number; crewId: number | null }): boolean {
  if (links.crewIds.length === 0 && links.triadIds.length === 0) return true;
  return links.triadIds.includes(triad.id) || (triad.crewId !== null && links.crewIds.includes(triad.crewId));
}

/** Active, applies to the triad, and the profile is in visibleBy; managers and administrators see all. */
export function canSeeQuestionnaire(
  questionnaire: { active: boolean; visibleBy: number[] },
  applies: boolean,
  profile: number | null,
  canManage: boolean,
): boolean {
  if (!questionnaire.active || !applies) return false;
  return canManage || (profile !== null && questionnaire.visibleBy.includes(profile));
}
