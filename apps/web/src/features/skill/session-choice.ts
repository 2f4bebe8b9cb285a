import type { SkillSessionView } from '@lea/shared';

/** The session to show first: the current one, else the first. */
export function defaultSession(sessions: SkillSessionView[]): SkillSessionView | undefined {
  return sessions.find((session) => session.currentSkillSession) ?? sessions[0];
}
