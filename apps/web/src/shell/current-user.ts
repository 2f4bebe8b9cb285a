import { useQuery } from '@tanstack/react-query';
import { ROLE_ADMIN, User } from '@lea/shared';
import { apiRequest } from './api-client';
import { getTokens } from './session';

export const currentUserKey = ['user', 'me'] as const;

/** The signed-in user (GET /app/user/me); disabled without tokens. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: () => apiRequest('/app/user/me', { schema: User }),
    enabled: getTokens() !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function isAdministrator(user: Pick<User, 'roles'> | undefined | null): boolean {
  return user?.roles.includes(ROLE_ADMIN) ?? false;
}
