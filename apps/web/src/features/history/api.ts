import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import {
  FileDownloadResponse,
  HistoryPeopleResponse,
  HistoryResponse,
  MailHistoryResponse,
  MailResendResponse,
  type HistoryType,
  type MailStatus,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** The filters of a history screen, as the page keeps them (empty values are left out of the query). */
export type HistoryFilters = {
  user?: number | undefined;
  type?: HistoryType | undefined;
  from?: string | undefined;
  to?: string | undefined;
};
export type MailFilters = {
  status?: MailStatus | undefined;
  kind?: string | undefined;
  recipient?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};
export type Paging = { limit: number; offset: number };

/** `?a=1&b=2` of the set values. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const adminHistoryPath = '/app/admin/history';
const courseBase = (courseId: number) => `/app/lea-manager/${courseId}`;

/** GET /app/admin/history (spec 3 §2.3 history). */
export function useAdminHistory(filters: HistoryFilters, paging: Paging) {
  return useQuery({
    queryKey: ['admin', 'history', filters, paging],
    queryFn: () => apiRequest(`${adminHistoryPath}${queryOf({ ...filters, ...paging })}`, { schema: HistoryResponse }),
    placeholderData: keepPreviousData,
  });
}

/** GET /app/lea-manager/{course}/history: sign-ins and impersonations of the course's people. */
export function useCourseConnections(courseId: number, filters: HistoryFilters, paging: Paging) {
  return useQuery({
    queryKey: ['manager', courseId, 'connections', filters, paging],
    queryFn: () => apiRequest(`${courseBase(courseId)}/history${queryOf({ ...filters, ...paging })}`, { schema: HistoryResponse }),
    placeholderData: keepPreviousData,
  });
}

/** The people to filter a history on (admin area), from two typed letters. */
export function useHistoryPeople(search: string) {
  return useQuery({
    queryKey: ['admin', 'history-people', search],
    queryFn: () => apiRequest(`${adminHistoryPath}/people${queryOf({ search })}`, { schema: HistoryPeopleResponse }),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });
}

export const fetchAdminHistoryExport = (filters: HistoryFilters) =>
  apiRequest(`${adminHistoryPath}/export${queryOf(filters)}`, { schema: FileDownloadResponse });
export const fetchConnectionsExport = (courseId: number, filters: HistoryFilters) =>
  apiRequest(`${courseBase(courseId)}/history/export${queryOf(filters)}`, { schema: FileDownloadResponse });

/** GET /app/lea-manager/{course}/mail (spec 3 §2.1 mail). */
export function useCourseMails(courseId: number, filters: MailFilters, paging: Paging) {
  return useQuery({
    queryKey: ['manager', courseId, 'mails', filters, paging],
    queryFn: () => apiRequest(`${courseBase(courseId)}/mail${queryOf({ ...filters, ...paging })}`, { schema: MailHistoryResponse }),
    placeholderData: keepPreviousData,
  });
}

export const fetchMailsExport = (courseId: number, filters: MailFilters) =>
  apiRequest(`${courseBase(courseId)}/mail/export${queryOf(filters)}`, { schema: FileDownloadResponse });

/** POST …/mail/resend/{id}: the list refreshes with the mail's new status. */
export function useResendMail(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${courseBase(courseId)}/mail/resend/${id}`, { method: 'POST', schema: MailResendResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: ['manager', courseId, 'mails'] }),
  });
}
