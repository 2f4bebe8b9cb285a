import { useQuery } from '@tanstack/react-query';
import { SsoProvidersResponse, SsoTicketResponse } from '@lea/shared';
import { apiRequest, apiUrl } from '../../shell/api-client';

/** The platform's single sign-on providers (issue 20 §2), for the login page's buttons. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ['platform', 'sso-providers'],
    queryFn: () => apiRequest('/sso/providers', { schema: SsoProvidersResponse, auth: false, redirectOn401: false }),
    select: (answer) => answer.providers,
    staleTime: 5 * 60_000,
  });
}

/** Where a button sends the browser: the server starts the sign-in at the provider. */
export function ssoStartUrl(providerId: number): string {
  return apiUrl(`/sso/${providerId}/start`);
}

/** The ticket of `/login/sso?ticket=…`, exchanged once for the session. */
export function exchangeSsoTicket(ticket: string) {
  return apiRequest('/sso/ticket', { method: 'POST', body: { ticket }, schema: SsoTicketResponse, auth: false, redirectOn401: false });
}
