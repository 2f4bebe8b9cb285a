import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NewsItem, NewsListResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** GET /app/news?page=n (administrators ask for the future-dated ones too). */
export function useNewsPage(page: number, withFuture: boolean) {
  return useQuery({
    queryKey: ['news', page, withFuture],
    queryFn: () => apiRequest(`/app/news?page=${page}${withFuture ? '&all=1' : ''}`, { schema: NewsListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** GET /app/news/{id}. */
export function useNewsItem(id: number) {
  return useQuery({ queryKey: ['news', 'item', id], queryFn: () => apiRequest(`/app/news/${id}`, { schema: NewsItem }) });
}
