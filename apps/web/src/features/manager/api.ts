import { useQuery } from '@tanstack/react-query';
import { ManagerHomeResponse, ManagerMenuResponse, TrainingListResponse, type TrainingCourseSummary } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { managerApi } from './entities';

const LOOKUP_PAGE_LENGTH = 100;

/**
 * The course as the signed-in user's list shows it, searched through active then archived courses
 * page by page: its isLeaManager flag decides access to the manager area. null when not listed.
 */
async function findListedCourse(courseId: number): Promise<TrainingCourseSummary | null> {
  for (const archive of [1, 2]) {
    for (let page = 0; ; page += 1) {
      const answer = await apiRequest(`/app/training/list?archive=${archive}&length=${LOOKUP_PAGE_LENGTH}&page=${page}`, {
        schema: TrainingListResponse,
      });
      const found = answer.trainingCourses.find((course) => course.id === courseId);
      if (found) return found;
      const seen = page * LOOKUP_PAGE_LENGTH + answer.trainingCourses.length;
      if (answer.trainingCourses.length === 0 || seen >= answer.count) break;
    }
  }
  return null;
}

export function useListedCourse(courseId: number) {
  return useQuery({
    queryKey: ['manager', 'course', courseId],
    queryFn: () => findListedCourse(courseId),
    staleTime: 60_000,
  });
}

/** GET /app/lea-manager/menu/{course}: the side menu (spec 3 §2.1). */
export function useManagerMenu(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['manager-menu', courseId],
    queryFn: () => apiRequest(`/app/lea-manager/menu/${courseId}`, { schema: ManagerMenuResponse }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /app/lea-manager/{course}/config: the home's indicators. */
export function useManagerHome(courseId: number) {
  return useQuery({
    queryKey: ['manager', courseId, 'config'],
    queryFn: () => apiRequest(managerApi(courseId, 'config'), { schema: ManagerHomeResponse }),
  });
}
