import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { QuestionnaireTodoResponse, TRAINING_LIST_PAGE_LENGTH, TrainingListResponse, TriadListResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { queryClientOf } from '../../shell/shell-loader';

/** archive 1 = active courses, 2 = archived ones (spec 2 §2). */
export type Archive = 1 | 2;

/** Triads come in pages of the server's default size; a course rarely holds more than one page. */
const TRIAD_PAGE_LENGTH = 50;

/**
 * The list's pages stay fresh a little while: the automatic skip and the opened accordion item ask
 * for the same course's triads as they mount, and must share one call.
 */
const LIST_STALE_MS = 30_000;

function nextPage<T>(loaded: number, count: number, pages: T[]): number | undefined {
  return loaded < count ? pages.length : undefined;
}

/** GET /app/training/list, paged by 20 (spec 2 §9), for one archive state and search text. */
const trainingCoursesQuery = (archive: Archive, search: string) =>
  infiniteQueryOptions({
    queryKey: ['course-list', 'courses', archive, search],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        archive: String(archive),
        length: String(TRAINING_LIST_PAGE_LENGTH),
        page: String(pageParam),
      });
      if (search) query.set('search', search);
      return apiRequest(`/app/training/list?${query}`, { schema: TrainingListResponse });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextPage(
        pages.reduce((sum, page) => sum + page.trainingCourses.length, 0),
        last.count,
        pages,
      ),
    staleTime: LIST_STALE_MS,
  });

export function useTrainingCourses(archive: Archive, search: string) {
  return useInfiniteQuery(trainingCoursesQuery(archive, search));
}

/**
 * The course list route's loader: the first page of active courses is asked for beside the page's
 * code. The header's search arrives with ?search, which the page debounces and trims: those start
 * with the page instead.
 */
export function prefetchCourseList(args: LoaderFunctionArgs): null {
  if (!new URL(args.request.url).searchParams.has('search')) {
    void queryClientOf(args).prefetchInfiniteQuery(trainingCoursesQuery(1, ''));
  }
  return null;
}

/** GET /app/triad/list/{courseId}: the course's triads, loaded when its accordion item opens. */
export function useCourseTriads(courseId: number | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['course-list', 'triads', courseId],
    queryFn: ({ pageParam }) =>
      apiRequest(`/app/triad/list/${courseId}?length=${TRIAD_PAGE_LENGTH}&page=${pageParam}`, { schema: TriadListResponse }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextPage(
        pages.reduce((sum, page) => sum + page.triads.length, 0),
        last.count,
        pages,
      ),
    enabled: enabled && courseId !== null,
    staleTime: LIST_STALE_MS,
  });
}

/** GET /app/questionnaire/todo: what the user has to sign or complete in every triad they belong to. */
export function useQuestionnaireTodo(enabled: boolean) {
  return useQuery({
    queryKey: ['questionnaire', 'todo'],
    queryFn: () => apiRequest('/app/questionnaire/todo', { schema: QuestionnaireTodoResponse }),
    enabled,
    staleTime: 30_000,
  });
}
