import { useSyncExternalStore } from 'react';
import { appState } from './app-state';
import { readLocal, writeLocal } from './session';

/**
 * The triad and training course the user is working in, remembered locally
 * (keys previousTriad and previousTrainingCourse of spec 1 §3.2).
 */
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function readId(key: 'previousTriad' | 'previousTrainingCourse'): number | null {
  const value = Number(readLocal(key));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function getCurrentTriadId(): number | null {
  return readId('previousTriad');
}
export function getCurrentTrainingCourseId(): number | null {
  return readId('previousTrainingCourse');
}

export function selectTriad(triadId: number | null, trainingCourseId?: number | null): void {
  writeLocal('previousTriad', triadId === null ? null : String(triadId));
  if (trainingCourseId !== undefined) {
    writeLocal('previousTrainingCourse', trainingCourseId === null ? null : String(trainingCourseId));
    if (trainingCourseId !== null) writeLocal('lastTrainingCourse', String(trainingCourseId));
  }
  emit();
}

export function useCurrentTriadId(): number | null {
  return useSyncExternalStore(subscribe, getCurrentTriadId);
}
export function useCurrentTrainingCourseId(): number | null {
  return useSyncExternalStore(subscribe, getCurrentTrainingCourseId);
}

/** Spec 2 §2 and §9: the loading overlay stays 500 ms after a changed triad's data is set, 300 ms after a reload. */
export const TRIAD_CHANGE_OVERLAY_MS = 500;
export const TRIAD_RELOAD_OVERLAY_MS = 300;
const OVERLAY_MESSAGE = 'shell:loader.loading';

/** The overlay waiting for a triad's data: which triad, and how long it stays once the data is set. */
let pendingOverlay: { triadId: number; delayMs: number } | null = null;
let pageLoadSeen = false;

/**
 * Switches the working triad (selector, course list) behind the loading overlay, which stays until
 * the new triad's data is set and 500 ms more, so the screens behind it settle out of sight.
 */
export function changeTriad(triadId: number, trainingCourseId: number | null): void {
  if (triadId !== getCurrentTriadId()) {
    pendingOverlay = { triadId, delayMs: TRIAD_CHANGE_OVERLAY_MS };
    appState.setLoading(OVERLAY_MESSAGE);
  }
  selectTriad(triadId, trainingCourseId);
}

/** A reload of the working triad's data (a page load with a remembered triad, a refetch after a write). */
export function beginTriadReload(triadId: number): void {
  pendingOverlay = { triadId, delayMs: TRIAD_RELOAD_OVERLAY_MS };
  appState.setLoading(OVERLAY_MESSAGE);
}

/** Once per page load: a remembered triad whose data is not there yet is loaded behind the overlay. */
export function beginPageLoadOverlay(triadId: number | null, loaded: boolean): void {
  if (pageLoadSeen) return;
  pageLoadSeen = true;
  if (triadId !== null && !loaded) beginTriadReload(triadId);
}

/**
 * The triad's query has settled: with its data, the overlay waits its delay and goes; on an error
 * (or when the working triad changed meanwhile, or nothing is selected) it goes at once.
 */
export function settleTriadOverlay(triadId: number | null, outcome: 'data' | 'error'): void {
  if (!pendingOverlay) return;
  if (outcome === 'data' && triadId !== pendingOverlay.triadId) return;
  const delay = outcome === 'data' ? pendingOverlay.delayMs : 0;
  pendingOverlay = null;
  setTimeout(() => {
    // A newer change started meanwhile keeps its own overlay.
    if (!pendingOverlay && appState.get().loading === OVERLAY_MESSAGE) appState.setLoading(null);
  }, delay);
}
