import { useQuery } from '@tanstack/react-query';
import {
  ConfirmEmailResponse,
  EmailLinkResponse,
  GlobalDocumentList,
  LoginResponse,
  ResetPasswordResponse,
  TrainingListResponse,
  TriadListResponse,
  WebsitesResponse,
  TRAINING_LIST_PAGE_LENGTH,
  type EmailCodeRequest,
  type LoginRequest,
} from '@lea/shared';
import { ApiRequestError, apiRequest } from '../../shell/api-client';

/** POST /api/login_check: a 401 comes back to the caller instead of leaving the page. */
export function login(request: LoginRequest) {
  return apiRequest('/api/login_check', {
    method: 'POST',
    body: request,
    schema: LoginResponse,
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
  return apiRequest(`/api/ufauser/websites?username=${encodeURIComponent(username)}`, {
    schema: WebsitesResponse,
    auth: false,
    redirectOn401: false,
  });
}

export function askResetPassword(username: string) {
  return apiRequest('/app/user/ask-reset-password', { method: 'POST', body: { username }, auth: false, redirectOn401: false });
}

export function resetPassword(hash: string, password: string) {
  return apiRequest(`/app/user/reset-password/${encodeURIComponent(hash)}`, {
    method: 'POST',
    body: { password },
    schema: ResetPasswordResponse,
    auth: false,
    redirectOn401: false,
  });
}

/** Opens an e-mail confirmation link: the link is the proof, so no bearer is sent. */
export function confirmEmail(token: string) {
  return apiRequest(`/app/user/confirm-email/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: ConfirmEmailResponse,
    auth: false,
    redirectOn401: false,
  });
}

/** The first page of the active training courses, as the training-course list loads it. */
export function fetchActiveTrainingCourses() {
  return apiRequest(`/app/training/list?archive=1&length=${TRAINING_LIST_PAGE_LENGTH}&page=0`, {
    schema: TrainingListResponse,
  });
}

export function fetchTriads(trainingCourseId: number) {
  return apiRequest(`/app/triad/list/${trainingCourseId}`, { schema: TriadListResponse });
}

export const homeDocumentsKey = ['platform', 'documents', 'home'] as const;

/** Global documents offered on the login page. */
export function useHomeDocuments() {
  return useQuery({
    queryKey: homeDocumentsKey,
    queryFn: () => apiRequest('/app/document/home', { schema: GlobalDocumentList, auth: false }),
    staleTime: 300_000,
    // The login page stays usable without its documents.
    meta: { errorPage: false },
  });
}

/** Sign-in by e-mail (issue 20 §1): asks for a code and link; always answers success. */
export function requestEmailSignIn(username: string, target?: string) {
  return apiRequest('/app/user/email-sign-in', {
    method: 'POST',
    body: { username, ...(target ? { target } : {}) },
    auth: false,
    redirectOn401: false,
  });
}

/** Signs in with the 6-digit code; a 401 (wrong, used or expired code) comes back to the caller. */
export function signInWithCode(request: EmailCodeRequest) {
  return apiRequest('/app/user/email-sign-in/code', {
    method: 'POST',
    body: request,
    schema: LoginResponse,
    auth: false,
    redirectOn401: false,
  });
}

/** Uses a mailed sign-in link (once): the pair and where to land, or why not. */
export function signInWithLink(token: string) {
  return apiRequest(`/app/user/email-sign-in/link/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: EmailLinkResponse,
    auth: false,
    redirectOn401: false,
  });
}

/** Mails a new link in place of a used or expired one (same account, same landing page). */
export function renewEmailLink(token: string) {
  return apiRequest(`/app/user/email-sign-in/renew/${encodeURIComponent(token)}`, { method: 'POST', auth: false, redirectOn401: false });
}
