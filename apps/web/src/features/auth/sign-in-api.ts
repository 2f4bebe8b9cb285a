import { useQuery } from '@tanstack/react-query';
import type { GlobalDocumentList, LoginRequest, LoginResponse, SsoProvidersResponse, WebsitesResponse } from '@lea/shared';
import { ApiRequestError, apiUrl, checkedByServer } from '../../shell/api-client';

/**
 * The sign-in page's calls. The login is the first page most people open, so they are typed without zod: each route's
 * response schema already shapes its answer on the server (`checkedByServer`, decision 034).
 */

/** POST /api/login_check: a 401 comes back to the caller instead of leaving the page. */
export function login(request: LoginRequest) {
  return checkedByServer<LoginResponse>('/api/login_check', {
    method: 'POST',
    body: request,
    auth: false,
    root: true,
    redirectOn401: false,
  });
}

/** What the login form shows for a failed sign-in (spec 1 §7.4, §8.1). */
export type LoginFailure = { key: 'badCredentials' | 'loginError' | 'passwordNotAllowed' } | { text: string };

/** The server's word for a right password the platform does not accept from this person (issue 20 §1). */
const PASSWORD_NOT_ALLOWED = 'password_sign_in_not_allowed';

export function describeLoginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiRequestError) {
    if (error.status === 401 && error.message === PASSWORD_NOT_ALLOWED) return { key: 'passwordNotAllowed' };
    if (error.status === 401) return { key: 'badCredentials' };
    // Throttling: the server's message says how long to wait.
    if (error.status === 429 && error.message) return { text: error.message };
  }
  return { key: 'loginError' };
}

/** Mobile login, step 1: the platforms the username belongs to. */
export function fetchWebsites(username: string) {
  return checkedByServer<WebsitesResponse>(`/api/ufauser/websites?username=${encodeURIComponent(username)}`, {
    auth: false,
    redirectOn401: false,
  });
}

export const homeDocumentsKey = ['platform', 'documents', 'home'] as const;

/** Global documents offered on the login page. */
export function useHomeDocuments() {
  return useQuery({
    queryKey: homeDocumentsKey,
    queryFn: () => checkedByServer<GlobalDocumentList>('/app/document/home', { auth: false }),
    staleTime: 300_000,
    // The login page stays usable without its documents.
    meta: { errorPage: false },
  });
}

/** The platform's single sign-on providers (issue 20 §2), for the login page's buttons. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ['platform', 'sso-providers'],
    queryFn: () => checkedByServer<SsoProvidersResponse>('/sso/providers', { auth: false, redirectOn401: false }),
    select: (answer) => answer.providers,
    staleTime: 5 * 60_000,
  });
}

/** Where a button sends the browser: the server starts the sign-in at the provider. */
export function ssoStartUrl(providerId: number): string {
  return apiUrl(`/sso/${providerId}/start`);
}
