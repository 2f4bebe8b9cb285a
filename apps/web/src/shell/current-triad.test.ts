import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from './app-state';
import {
  beginTriadReload,
  changeTriad,
  getCurrentTrainingCourseId,
  getCurrentTriadId,
  selectTriad,
  settleTriadOverlay,
  TRIAD_CHANGE_OVERLAY_MS,
  TRIAD_RELOAD_OVERLAY_MS,
} from './current-triad';

const loading = () => appState.get().loading;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  selectTriad(3, 1);
});
afterEach(() => {
  settleTriadOverlay(null, 'error');
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('triad overlay (spec 2 §9)', () => {
  it('stays while the new triad loads, then 500 ms after its data is set', () => {
    changeTriad(7, 2);
    expect([getCurrentTriadId(), getCurrentTrainingCourseId()]).toEqual([7, 2]);
    expect(loading()).toBe('shell:loader.loading');
    // The previous triad's data settling does not end the overlay.
    settleTriadOverlay(3, 'data');
    vi.advanceTimersByTime(2_000);
    expect(loading()).toBe('shell:loader.loading');
    settleTriadOverlay(7, 'data');
    vi.advanceTimersByTime(TRIAD_CHANGE_OVERLAY_MS - 1);
    expect(loading()).toBe('shell:loader.loading');
    vi.advanceTimersByTime(1);
    expect(loading()).toBeNull();
  });

  it('stays 300 ms after a reload', () => {
    beginTriadReload(3);
    settleTriadOverlay(3, 'data');
    vi.advanceTimersByTime(TRIAD_RELOAD_OVERLAY_MS - 1);
    expect(loading()).toBe('shell:loader.loading');
    vi.advanceTimersByTime(1);
    expect(loading()).toBeNull();
  });

  it('goes at once when the triad fails to load, and never shows for the same triad', () => {
    changeTriad(8, 2);
    settleTriadOverlay(8, 'error');
    vi.advanceTimersByTime(0);
    expect(loading()).toBeNull();
    changeTriad(8, 2);
    expect(loading()).toBeNull();
  });

  it('leaves a newer change its own overlay', () => {
    changeTriad(7, 2);
    settleTriadOverlay(7, 'data');
    changeTriad(9, 2);
    vi.advanceTimersByTime(TRIAD_CHANGE_OVERLAY_MS);
    expect(loading()).toBe('shell:loader.loading');
    settleTriadOverlay(9, 'data');
    vi.advanceTimersByTime(TRIAD_CHANGE_OVERLAY_MS);
    expect(loading()).toBeNull();
  });
});
