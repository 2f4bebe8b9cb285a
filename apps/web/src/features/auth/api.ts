import {
  ConfirmEmailResponse,
  EmailLinkResponse,
  LoginResponse,
  ResetPasswordResponse,
  TrainingListResponse,
  TriadListResponse,
  TRAINING_LIST_PAGE_LENGTH,
  type EmailCodeRequest,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

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
