import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLE_ADMIN, User } from '@lea/shared';
import { apiRequest } from './api-client';
import { getTokens } from './session';

export const currentUserKey = ['user', 'me'] as const;

/** GET /app/user/me (as a query, its answer is kept for offline use: offline-queries.ts). */
export function fetchCurrentUser() {
  return apiRequest('/app/user/me', { schema: User });
}

/** Shared by the hook and the signed-in pages' loader, which starts the call before the page mounts. */
export const currentUserQuery = queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 60_000, retry: false });

/** The signed-in user; disabled without tokens. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: getTokens() !== null });
}

export function isAdministrator(user: Pick<User, 'roles'> | undefined | null): boolean {
  return user?.roles.includes(ROLE_ADMIN) ?? false;
}
