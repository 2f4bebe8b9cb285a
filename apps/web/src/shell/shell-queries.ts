import { queryOptions, useQuery } from '@tanstack/react-query';
import { Triad, TrainingListResponse, TriadListResponse } from '@lea/shared';
import { apiRequest } from './api-client';

/**
 * What the shell reads about the working triad and course, as query options shared by the hooks
 * and the route loader's prefetch (same keys, so a page load asks each thing once). A stale
 * remembered id (a triad since removed or closed to the user) must not send everyone to the error
 * page, so these opt out of it.
 */
export const triadKey = (triadId: number) => ['triad', triadId] as const;
export const courseTriadsKey = (courseId: number) => ['triad', 'list', courseId] as const;
export const activeCourseCountKey = ['shell', 'active-course-count'] as const;

/** Enough triads for one course's selector; the training course list screen pages through the rest. */
const SELECTOR_TRIAD_LENGTH = 200;

export const triadQuery = (triadId: number) =>
  queryOptions({
    queryKey: triadKey(triadId),
    queryFn: () => apiRequest(`/app/triad/${triadId}`, { schema: Triad }),
    staleTime: 60_000,
    meta: { errorPage: false },
  });

export const courseTriadsQuery = (courseId: number) =>
  queryOptions({
    queryKey: courseTriadsKey(courseId),
    queryFn: () =>
      apiRequest(`/app/triad/list/${courseId}?archive=1&length=${SELECTOR_TRIAD_LENGTH}&page=0`, {
        schema: TriadListResponse,
      }),
    staleTime: 60_000,
    meta: { errorPage: false },
  });

/** How many active training courses the user has: the course list and the search box are offered only above one. */
export const activeCourseCountQuery = queryOptions({
  queryKey: activeCourseCountKey,
  queryFn: async () => (await apiRequest('/app/training/list?archive=1&length=1&page=0', { schema: TrainingListResponse })).count,
  staleTime: 5 * 60_000,
  meta: { errorPage: false },
});

export function useTriad(triadId: number | null) {
  return useQuery({ ...triadQuery(triadId ?? 0), enabled: triadId !== null });
}

export function useCourseTriads(courseId: number | null) {
  return useQuery({ ...courseTriadsQuery(courseId ?? 0), enabled: courseId !== null });
}

export function useActiveCourseCount() {
  return useQuery(activeCourseCountQuery);
}
