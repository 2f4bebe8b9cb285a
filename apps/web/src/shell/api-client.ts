import type { z } from 'zod';
import type { TokenPair } from '@lea/shared';
import i18n from '../i18n';
import { appState } from './app-state';
import { clearSession, getTokens, saveTokens } from './session';

/** A failed call: HTTP status, the server's `{code, message}` and its field errors. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; message: string }[] = [],
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** fetch found no network (its TypeError), as opposed to an HTTP error answer or a cancelled call. */
export class NetworkError extends TypeError {}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type RequestOptions<S extends z.ZodTypeAny | undefined> = {
  method?: Method;
  body?: unknown;
  /** Parses the answer; the same schemas validate it on the server. */
  schema?: S;
  /** false: no bearer (public calls). */
  auth?: boolean;
  /** true: the path is at the site root (`/api/login_check`), not under `/api/{locale}`. */
  root?: boolean;
  /** false: a 401 is returned to the caller instead of redirecting (login form). */
  redirectOn401?: boolean;
  signal?: AbortSignal;
};

/** `/api/{locale}{path}`: every spec path P is served there. */
export function apiUrl(path: string): string {
  const locale = i18n.language?.startsWith('en') ? 'en' : 'fr';
  return `/api/${locale}${path}`;
}

/**
 * Links of spec 2 §7 built from a file's pathName and originalName, without a signature: only for the
 * files public on the platform (login-page and help documents). Every other file comes with the `url`
 * the server signed for the signed-in user (decision 018).
 */
export function fileUrl(file: { pathName: string; originalName: string }, inline = false): string {
  return `/${inline ? 'inline' : 'download'}-file/path-name-${encodeURIComponent(file.pathName)}/original-name-${encodeURIComponent(file.originalName)}`;
}

let refreshing: Promise<boolean> | null = null;

/** Refreshes the token pair once for all concurrent callers. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokens = getTokens();
    if (!tokens) return false;
    try {
      const response = await fetch('/api/token/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: tokens.refreshToken }),
      });
      appState.setOffline(false);
      if (!response.ok) return false;
      const pair = (await response.json()) as Partial<TokenPair> | null;
      if (typeof pair?.token !== 'string' || typeof pair.refresh_token !== 'string') return false;
      saveTokens({ token: pair.token, refreshToken: pair.refresh_token });
      return true;
    } catch {
      appState.setOffline(true);
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Ends the current session on the server too (logout, leaving an impersonation): its refresh-token
 * family is revoked. `keepalive` lets the call finish while the page navigates; failures are ignored
 * (the tokens are forgotten locally anyway).
 */
export function revokeCurrentSession(): void {
  const tokens = getTokens();
  if (!tokens) return;
  void fetch('/api/token/revoke', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: tokens.refreshToken }),
    keepalive: true,
  }).catch(() => undefined);
}

function goToLogin(): void {
  if (!window.location.pathname.startsWith('/login')) window.location.assign('/login');
}

/** In-flight GETs by path: a repeated call to the same path and method cancels the previous one. */
const inFlight = new Map<string, AbortController>();

async function send(url: string, options: RequestOptions<z.ZodTypeAny | undefined>): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const tokens = options.auth === false ? null : getTokens();
  if (tokens) headers.Authorization = `Bearer ${tokens.token}`;
  const key = `${method} ${url}`;
  const controller = new AbortController();
  if (method === 'GET') {
    inFlight.get(key)?.abort();
    inFlight.set(key, controller);
  }
  options.signal?.addEventListener('abort', () => controller.abort());
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    appState.setOffline(false);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    appState.setOffline(true);
    throw new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one way the web app calls the API (spec 1 §8.3): on `Expired JWT Token` it refreshes once
 * and retries; a failed refresh clears the session and goes to /login; `Bad credentials` goes back
 * to the caller; another 401 goes to /login; other failures throw an ApiRequestError.
 */
export async function apiRequest<S extends z.ZodTypeAny | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodTypeAny ? z.infer<S> : unknown> {
  const url = options.root ? path : apiUrl(path);
  let response = await send(url, options);
  let body = await readBody(response);
  const message = (body as { message?: string } | null)?.message ?? response.statusText;

  if (response.status === 401 && message === 'Expired JWT Token') {
    if (await refreshTokens()) {
      response = await send(url, options);
      body = await readBody(response);
    } else {
      clearSession();
      window.location.reload();
      throw new ApiRequestError(401, message);
    }
  }
  if (!response.ok) {
    const failure = body as { message?: string; errors?: { field: string; message: string }[] } | null;
    const failureMessage = failure?.message ?? response.statusText;
    if (response.status === 401 && failureMessage !== 'Bad credentials' && options.redirectOn401 !== false) {
      clearSession();
      goToLogin();
    }
    throw new ApiRequestError(response.status, failureMessage, failure?.errors ?? [], body);
  }
  return (options.schema ? options.schema.parse(body) : body) as S extends z.ZodTypeAny ? z.infer<S> : unknown;
}

/**
 * A call of the sign-in page, typed but not parsed again: its route's response schema already shaped the answer on the
 * server (fast-json-stringify through the type provider), and the first page loads no zod (decision 034).
 */
export function checkedByServer<T>(path: string, options: Omit<RequestOptions<undefined>, 'schema'> = {}): Promise<T> {
  return apiRequest(path, options) as Promise<T>;
}
