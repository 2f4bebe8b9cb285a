import { useSyncExternalStore } from 'react';

/** Small global state the shell shows: offline flag, the last page error, the global loader. */
export type PageError = { code: number; message: string };
type State = { offline: boolean; pageError: PageError | null; loading: string | null };

let state: State = { offline: typeof navigator !== 'undefined' ? !navigator.onLine : false, pageError: null, loading: null };
const listeners = new Set<() => void>();

function set(patch: Partial<State>): void {
  const next = { ...state, ...patch };
  if (next.offline === state.offline && next.pageError === state.pageError && next.loading === state.loading) return;
  state = next;
  for (const listener of listeners) listener();
}

export const appState = {
  get: () => state,
  setOffline: (offline: boolean) => set({ offline }),
  setPageError: (pageError: PageError | null) => set({ pageError }),
  /** A message key for the global loader (e.g. 'shell:loader.downloading'), or null to hide it. */
  setLoading: (loading: string | null) => set({ loading }),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppState<T>(select: (s: State) => T): T {
  return useSyncExternalStore(appState.subscribe, () => select(appState.get()));
}
