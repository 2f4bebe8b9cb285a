/**
 * Client-side storage of spec 1 §3.2. Keys are prefixed with the product name. Tokens go to
 * localStorage when "stay connected" is chosen, else to sessionStorage; impersonation
 * markers (the original user's tokens) always live in sessionStorage.
 */
const PREFIX = 'lea_';

export const KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  stayConnected: 'stay_connected',
  locale: 'locale',
  theme: 'theme',
  platformName: 'platform_name',
  apiPath: 'api_path',
  lastTrainingCourse: 'last_training_course',
  previousTriad: 'previous_triad',
  previousTrainingCourse: 'previous_training_course',
  returnPath: 'return_path',
  pageTitle: 'page_title',
  username: 'username',
  questionnaireDraft: 'questionnaire_editor_draft',
  impersonatorToken: 'impersonator_token',
  impersonatorRefreshToken: 'impersonator_refresh_token',
  /** The admin lists' search filters (users, trainings: spec 3 §9, one shared key). */
  adminSearch: 'admin_search',
} as const;
export type StorageKey = keyof typeof KEYS;

export function readLocal(key: StorageKey): string | null {
  return localStorage.getItem(PREFIX + KEYS[key]);
}
export function writeLocal(key: StorageKey, value: string | null): void {
  if (value === null) localStorage.removeItem(PREFIX + KEYS[key]);
  else localStorage.setItem(PREFIX + KEYS[key], value);
}
export function readSession(key: StorageKey): string | null {
  return sessionStorage.getItem(PREFIX + KEYS[key]);
}
export function writeSession(key: StorageKey, value: string | null): void {
  if (value === null) sessionStorage.removeItem(PREFIX + KEYS[key]);
  else sessionStorage.setItem(PREFIX + KEYS[key], value);
}

export type Tokens = { token: string; refreshToken: string };

function tokenStore(): Storage {
  return readLocal('stayConnected') === '1' ? localStorage : sessionStorage;
}

export function getTokens(): Tokens | null {
  const store = tokenStore();
  const token = store.getItem(PREFIX + KEYS.token);
  const refreshToken = store.getItem(PREFIX + KEYS.refreshToken);
  return token && refreshToken ? { token, refreshToken } : null;
}

/**
 * Who the access token speaks for, as "platform:user": it names the offline copies, so that one
 * user's copies are never read for another. Read without checking the signature (the server does
 * that on every call); an unreadable token names nobody.
 */
export function signedInUserKey(): string | null {
  const payload = getTokens()?.token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; platform?: unknown };
    return typeof claims.sub === 'string' && typeof claims.platform === 'number' ? `${claims.platform}:${claims.sub}` : null;
  } catch {
    return null;
  }
}

export function saveTokens(tokens: Tokens, stayConnected?: boolean): void {
  if (stayConnected !== undefined) writeLocal('stayConnected', stayConnected ? '1' : null);
  const store = tokenStore();
  const other = store === localStorage ? sessionStorage : localStorage;
  other.removeItem(PREFIX + KEYS.token);
  other.removeItem(PREFIX + KEYS.refreshToken);
  store.setItem(PREFIX + KEYS.token, tokens.token);
  store.setItem(PREFIX + KEYS.refreshToken, tokens.refreshToken);
}

/** Logout and failed refresh: every token, session marker and per-user key goes. */
export function clearSession(): void {
  for (const store of [localStorage, sessionStorage]) {
    for (const key of [
      'token',
      'refreshToken',
      'stayConnected',
      'username',
      'apiPath',
      'questionnaireDraft',
      'previousTriad',
      'previousTrainingCourse',
      'lastTrainingCourse',
      'returnPath',
      'impersonatorToken',
      'impersonatorRefreshToken',
    ] as const) {
      store.removeItem(PREFIX + KEYS[key]);
    }
  }
}

/** Impersonation: keep the original tokens, then sign in as the target. */
export function startImpersonation(target: Tokens): void {
  const original = getTokens();
  if (original) {
    writeSession('impersonatorToken', original.token);
    writeSession('impersonatorRefreshToken', original.refreshToken);
  }
  saveTokens(target);
}

export function isImpersonating(): boolean {
  return readSession('impersonatorToken') !== null;
}

/** Back to the original account; false (and nothing changes) when no original tokens are saved. */
export function stopImpersonation(): boolean {
  const token = readSession('impersonatorToken');
  const refreshToken = readSession('impersonatorRefreshToken');
  if (!token || !refreshToken) {
    console.error('Restore user: no saved tokens');
    return false;
  }
  saveTokens({ token, refreshToken });
  writeSession('impersonatorToken', null);
  writeSession('impersonatorRefreshToken', null);
  return true;
}
