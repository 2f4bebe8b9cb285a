import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NEWS_HOME_COUNT, NewsListResponse, StatisticsResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** GET /app/admin/statistic: live figures; `archived` counts the archived courses too (the screen's switch). */
export function useStatistics(archived: boolean) {
  return useQuery({
    queryKey: ['admin', 'statistics', archived],
    queryFn: () => apiRequest(`/app/admin/statistic?archive=${archived ? 1 : 0}`, { schema: StatisticsResponse }),
    placeholderData: keepPreviousData,
  });
}

/** The latest published news of the admin home (spec 3 §1: three). */
export function useLatestNews() {
  return useQuery({
    queryKey: ['news', 1, false],
    queryFn: () => apiRequest('/app/news?page=1', { schema: NewsListResponse }),
    select: (answer) => answer.items.slice(0, NEWS_HOME_COUNT),
  });
}
