import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AdminMenuResponse,
  BackOfficeListResponse,
  GeneratePasswordResponse,
  GenericActionResponse,
  LastPasswordMail,
  type UserMergeBody,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { readSession, writeSession } from '../../shell/session';

/** GET /app/admin/menu: the side menu the server builds (spec 3 §2.3). */
export function useAdminMenu() {
  return useQuery({
    queryKey: ['admin', 'menu'],
    queryFn: () => apiRequest('/app/admin/menu', { schema: AdminMenuResponse }),
    staleTime: Infinity,
  });
}

/** The users list's search modal (spec 3 §2.3): kept in session storage, under the key shared with the trainings' search. */
export type UserSearch = { text: string; role: '' | 'admin' | 'user' | 'leaManager'; active: '' | '1' | '0' };
export const EMPTY_USER_SEARCH: UserSearch = { text: '', role: '', active: '' };

export function readUserSearch(): UserSearch {
  try {
    const stored = JSON.parse(readSession('adminSearch') ?? '{}') as { users?: Partial<UserSearch> };
    return { ...EMPTY_USER_SEARCH, ...stored.users };
  } catch {
    return EMPTY_USER_SEARCH;
  }
}

export function writeUserSearch(search: UserSearch): void {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(readSession('adminSearch') ?? '{}') as Record<string, unknown>;
  } catch {
    stored = {};
  }
  writeSession('adminSearch', JSON.stringify({ ...stored, users: search }));
}

export const isFiltered = (search: UserSearch) => search.text.trim() !== '' || search.role !== '' || search.active !== '';

export type UserListQuery = { search: UserSearch; limit: number; offset: number; sortByField: number | null; sortOrder: 'ASC' | 'DESC' };

/** GET /app/admin/user/list: one page the server searches, filters, sorts and counts. */
export function useUserList(query: UserListQuery) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.search.text.trim().length >= 2) params.set('search', query.search.text.trim());
  if (query.search.role) params.append('filter', `role:${query.search.role}`);
  if (query.search.active) params.append('filter', `active:${query.search.active}`);
  if (query.sortByField !== null) {
    params.set('sortByField', String(query.sortByField));
    params.set('sortOrder', query.sortOrder);
  }
  return useQuery({
    queryKey: ['admin', 'user', 'list', null, params.toString()],
    queryFn: () => apiRequest(`/app/admin/user/list?${params.toString()}`, { schema: BackOfficeListResponse }),
    placeholderData: keepPreviousData,
  });
}

export const fetchLastPasswordMail = (id: number) => apiRequest(`/app/admin/user/last-password-link/${id}`, { schema: LastPasswordMail });

export const generatePassword = (id: number) => apiRequest(`/app/admin/user/generate-password/${id}`, { schema: GeneratePasswordResponse });

export const setUserActive = (id: number, active: boolean) =>
  apiRequest(`/app/admin/user/active/${id}`, { method: 'PUT', body: { active }, schema: GenericActionResponse });

export const mergeUsers = (body: UserMergeBody) =>
  apiRequest('/app/admin/user/merge', { method: 'POST', body, schema: GenericActionResponse });

export const eraseUser = (id: number) => apiRequest(`/app/admin/user/erase/${id}`, { method: 'POST', schema: GenericActionResponse });
