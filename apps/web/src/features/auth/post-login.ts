import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey, fetchCurrentUser, isAdministrator } from '../../shell/current-user';
import { selectTriad } from '../../shell/current-triad';
import { saveTokens, writeLocal, type Tokens } from '../../shell/session';
import { fetchActiveTrainingCourses, fetchTriads } from './api';

export const ADMIN_HOME = '/admin';
export const TRAINING_COURSE_LIST = '/dashboard/training-course-list';
export const DASHBOARD_HOME = '/dashboard/home';

export type PostLoginFacts = {
  isAdmin: boolean;
  /** Number of active training courses and the first page of them. */
  courseCount: number;
  courses: { id: number }[];
  /** Triads of the only course, once loaded. */
  triads?: { id: number }[];
};

export type PostLoginDecision =
  | { type: 'loadTriads'; trainingCourseId: number }
  | { type: 'navigate'; path: string; returnPath?: string; triad?: { triadId: number; trainingCourseId: number } };

/**
 * Where a signed-in user lands (spec 1 §4.1): administrators in the admin area, users of several
 * courses on the course list; a single course with a single triad is opened directly.
 */
export function decidePostLoginRoute(facts: PostLoginFacts): PostLoginDecision {
  if (facts.isAdmin) return { type: 'navigate', path: ADMIN_HOME, returnPath: TRAINING_COURSE_LIST };
  if (facts.courseCount > 1) return { type: 'navigate', path: TRAINING_COURSE_LIST };
  const course = facts.courses[0];
  if (!course) return { type: 'navigate', path: DASHBOARD_HOME };
  if (!facts.triads) return { type: 'loadTriads', trainingCourseId: course.id };
  const [triad, ...others] = facts.triads;
  if (triad && others.length === 0) {
    return { type: 'navigate', path: DASHBOARD_HOME, triad: { triadId: triad.id, trainingCourseId: course.id } };
  }
  // Several triads: the user picks one on the list; none: the dashboard shows the empty state.
  return { type: 'navigate', path: triad ? TRAINING_COURSE_LIST : DASHBOARD_HOME };
}

/** Loads the user and their courses, applies the decision and returns the path to go to. */
export async function resolvePostLoginRoute(queryClient: QueryClient): Promise<string> {
  const user = await fetchCurrentUser();
  queryClient.setQueryData(currentUserKey, user);
  const isAdmin = isAdministrator(user);
  const facts: PostLoginFacts = { isAdmin, courseCount: 0, courses: [] };
  if (!isAdmin) {
    const list = await fetchActiveTrainingCourses();
    facts.courseCount = Math.max(list.count, list.trainingCourses.length);
    facts.courses = list.trainingCourses;
  }
  let decision = decidePostLoginRoute(facts);
  if (decision.type === 'loadTriads') {
    facts.triads = (await fetchTriads(decision.trainingCourseId)).triads;
    decision = decidePostLoginRoute(facts);
  }
  if (decision.type !== 'navigate') throw new Error('Post-login routing did not settle');
  if (decision.returnPath) writeLocal('returnPath', decision.returnPath);
  if (decision.triad) selectTriad(decision.triad.triadId, decision.triad.trainingCourseId);
  return decision.path;
}

/**
 * A new session (login form, mobile login, loginSwitch): store the tokens, forget the previous
 * user's triad and cached data, then route. `stayConnected` undefined keeps the current choice.
 */
export async function startSession(queryClient: QueryClient, tokens: Tokens, stayConnected?: boolean): Promise<string> {
  saveTokens(tokens, stayConnected);
  selectTriad(null, null);
  // Only platform data (design, notices) survives a change of user.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'platform' });
  return resolvePostLoginRoute(queryClient);
}
