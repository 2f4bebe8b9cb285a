import { useQuery } from '@tanstack/react-query';
import { WebLinkListResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** GET /app/web-link/list/{triad}: the useful links of the triad's course, in their order. */
export function useWebLinks(triadId: number | null) {
  return useQuery({
    queryKey: ['web-link', triadId ?? 0],
    queryFn: () => apiRequest(`/app/web-link/list/${triadId}`, { schema: WebLinkListResponse }),
    enabled: triadId !== null,
  });
}
