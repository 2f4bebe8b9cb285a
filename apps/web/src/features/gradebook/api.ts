import { useQuery } from '@tanstack/react-query';
import { GradebookListResponse, PdfDataResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** GET /app/gradebook/list/{triad}: the periods with signed marks. */
export function useGradebooks(triadId: number | null) {
  return useQuery({
    queryKey: ['gradebook', triadId ?? 0],
    queryFn: () => apiRequest(`/app/gradebook/list/${triadId}`, { schema: GradebookListResponse }),
    enabled: triadId !== null,
  });
}

/** GET /api/gradebook/get-pdf?triad&year&period (spec 2 §7): data base64 and fileName. */
export function fetchGradebookPdf(triad: number, year: number, period: number) {
  const query = new URLSearchParams({ triad: String(triad), year: String(year), period: String(period) });
  return apiRequest(`/api/gradebook/get-pdf?${query.toString()}`, { schema: PdfDataResponse });
}
