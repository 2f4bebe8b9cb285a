import { useSyncExternalStore } from 'react';
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
