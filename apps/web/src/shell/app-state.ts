import { useSyncExternalStore } from 'react';

/**
 * Small global state the shell shows: offline flag, the last page error, the global loader, and the
 * title a page gives itself when its route cannot name it (a generic back-office screen).
 */
export type PageError = { code: number; message: string };
type State = { offline: boolean; pageError: PageError | null; loading: string | null; pageTitle: string | null };

let state: State = {
  offline: typeof navigator !== 'undefined' ? !navigator.onLine : false,
  pageError: null,
  loading: null,
  pageTitle: null,
};
const listeners = new Set<() => void>();

function set(patch: Partial<State>): void {
  const next = { ...state, ...patch };
  if (
    next.offline === state.offline &&
    next.pageError === state.pageError &&
    next.loading === state.loading &&
    next.pageTitle === state.pageTitle
  )
    return;
  state = next;
  for (const listener of listeners) listener();
}

export const appState = {
  get: () => state,
  setOffline: (offline: boolean) => set({ offline }),
  setPageError: (pageError: PageError | null) => set({ pageError }),
  /** A message key for the global loader (e.g. 'shell:loader.downloading'), or null to hide it. */
  setLoading: (loading: string | null) => set({ loading }),
  /** The breadcrumb's last crumb on routes marked `titledByPage`; null when the page goes. */
  setPageTitle: (pageTitle: string | null) => set({ pageTitle }),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppState<T>(select: (s: State) => T): T {
  return useSyncExternalStore(appState.subscribe, () => select(appState.get()));
}
