import { useQuery } from '@tanstack/react-query';
import { Triad, TrainingListResponse, TriadListResponse } from '@lea/shared';
import { apiRequest } from './api-client';

/**
 * What the shell reads about the working triad and course. A stale remembered id (a triad since
 * removed or closed to the user) must not send everyone to the error page, so these opt out of it.
 */
export const triadKey = (triadId: number) => ['triad', triadId] as const;
export const courseTriadsKey = (courseId: number) => ['triad', 'list', courseId] as const;
export const activeCourseCountKey = ['shell', 'active-course-count'] as const;

/** Enough triads for one course's selector; the training course list screen pages through the rest. */
const SELECTOR_TRIAD_LENGTH = 200;

export function useTriad(triadId: number | null) {
  return useQuery({
    queryKey: triadKey(triadId ?? 0),
    queryFn: () => apiRequest(`/app/triad/${triadId}`, { schema: Triad }),
    enabled: triadId !== null,
    staleTime: 60_000,
    meta: { errorPage: false },
  });
}

export function useCourseTriads(courseId: number | null) {
  return useQuery({
    queryKey: courseTriadsKey(courseId ?? 0),
    queryFn: () =>
      apiRequest(`/app/triad/list/${courseId}?archive=1&length=${SELECTOR_TRIAD_LENGTH}&page=0`, {
        schema: TriadListResponse,
      }),
    enabled: courseId !== null,
    staleTime: 60_000,
    meta: { errorPage: false },
  });
}

/** How many active training courses the user has: the mobile menu offers the list only above one. */
export function useActiveCourseCount() {
  return useQuery({
    queryKey: activeCourseCountKey,
    queryFn: async () =>
      (await apiRequest('/app/training/list?archive=1&length=1&page=0', { schema: TrainingListResponse })).count,
    staleTime: 5 * 60_000,
    meta: { errorPage: false },
  });
}
