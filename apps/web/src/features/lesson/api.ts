import { useQuery } from '@tanstack/react-query';
import { LessonListResponse, LessonView } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

export const lessonsKey = (triadId: number) => ['lesson', triadId] as const;

/** GET /app/lesson/list/{triad}: the triad's course's subjects with their lessons. */
export function useLessons(triadId: number | null) {
  return useQuery({
    queryKey: lessonsKey(triadId ?? 0),
    queryFn: () => apiRequest(`/app/lesson/list/${triadId}`, { schema: LessonListResponse }),
    enabled: triadId !== null,
  });
}

/** GET /app/lesson/show/{triad}/{id}: one lesson with its attachments' links. */
export function useLesson(triadId: number | null, lessonId: number) {
  return useQuery({
    queryKey: [...lessonsKey(triadId ?? 0), lessonId],
    queryFn: () => apiRequest(`/app/lesson/show/${triadId}/${lessonId}`, { schema: LessonView }),
    enabled: triadId !== null && lessonId > 0,
  });
}
