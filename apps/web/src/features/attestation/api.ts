import { useQuery } from '@tanstack/react-query';
import { AttestationListResponse, PdfDataResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** GET /app/attestations/list/{triad}: the months with planned course hours. */
export function useAttestations(triadId: number | null) {
  return useQuery({
    queryKey: ['attestation', triadId ?? 0],
    queryFn: () => apiRequest(`/app/attestations/list/${triadId}`, { schema: AttestationListResponse }),
    enabled: triadId !== null,
  });
}

/** GET /api/attestations/get-pdf?triad&year&month (spec 2 §7): data base64 and fileName. */
export function fetchAttestationPdf(triad: number, year: number, month: number) {
  const query = new URLSearchParams({ triad: String(triad), year: String(year), month: String(month) });
  return apiRequest(`/api/attestations/get-pdf?${query.toString()}`, { schema: PdfDataResponse });
}
