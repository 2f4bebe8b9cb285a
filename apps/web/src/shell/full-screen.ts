import { useSyncExternalStore } from 'react';

/**
 * Full-screen mode of the back-office screens (spec 3 §4: the dashboards' full-screen toggle also
 * toggles the sidebar — closed on entry on non-mobile screens, restored on leaving). A screen turns
 * it on and off; the back-office layout reads it to hide its side menu. A small store rather than
 * a context: the screen sits below the layout, which would otherwise have to own the state.
 */
let fullScreen = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setFullScreen(value: boolean): void {
  if (value === fullScreen) return;
  fullScreen = value;
  listeners.forEach((listener) => listener());
}

export function isFullScreen(): boolean {
  return fullScreen;
}

/** Whether a screen of the area is in full-screen mode. */
export function useFullScreen(): boolean {
  return useSyncExternalStore(subscribe, isFullScreen, isFullScreen);
}
