import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { QuestionnaireTodoResponse, TRAINING_LIST_PAGE_LENGTH, TrainingListResponse, TriadListResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** archive 1 = active courses, 2 = archived ones (spec 2 §2). */
export type Archive = 1 | 2;

/** Triads come in pages of the server's default size; a course rarely holds more than one page. */
const TRIAD_PAGE_LENGTH = 50;

function nextPage<T>(loaded: number, count: number, pages: T[]): number | undefined {
  return loaded < count ? pages.length : undefined;
}

/** GET /app/training/list, paged by 20 (spec 2 §9), for one archive state and search text. */
export function useTrainingCourses(archive: Archive, search: string) {
  return useInfiniteQuery({
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
      nextPage(pages.reduce((sum, page) => sum + page.trainingCourses.length, 0), last.count, pages),
  });
}

/** GET /app/triad/list/{courseId}: the course's triads, loaded when its accordion item opens. */
export function useCourseTriads(courseId: number | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['course-list', 'triads', courseId],
    queryFn: ({ pageParam }) =>
      apiRequest(`/app/triad/list/${courseId}?length=${TRIAD_PAGE_LENGTH}&page=${pageParam}`, { schema: TriadListResponse }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      nextPage(pages.reduce((sum, page) => sum + page.triads.length, 0), last.count, pages),
    enabled: enabled && courseId !== null,
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
