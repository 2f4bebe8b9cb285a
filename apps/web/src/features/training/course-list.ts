import { REMOTE_SELECT_MIN_SEARCH, type TriadCard } from '@lea/shared';
import type { Archive } from './api';

/** The text sent as search: nothing until it has 2 characters (spec 2 §5). */
export function effectiveSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= REMOTE_SELECT_MIN_SEARCH ? trimmed : '';
}

/** Lower-cased and without accents, so that "elodie" finds "Élodie". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr');
}

/** The local triad filter: the apprentice's first or last name contains the text. */
export function filterTriads(triads: readonly TriadCard[], text: string): TriadCard[] {
  const wanted = fold(text.trim());
  if (!wanted) return [...triads];
  return triads.filter(
    ({ apprentice }) => !!apprentice && (fold(apprentice.firstName).includes(wanted) || fold(apprentice.lastName).includes(wanted)),
  );
}

/** The empty list's message: a search that found nothing, or no active or archived course at all. */
export function emptyListKey(archive: Archive, search: string): string {
  if (search) return 'training:noSearchResult';
  return archive === 1 ? 'dashboard:no_training_course_actived' : 'dashboard:no_training_course_archived';
}

type SkipInput = {
  archive: Archive;
  search: string;
  courses: { count: number; trainingCourses: readonly { id: number }[] } | undefined;
  triads: { count: number; triads: readonly { id: number }[] } | undefined;
};

/**
 * Spec 2 §2: the list is skipped when the user has exactly one course holding exactly one triad.
 * Decided on the unfiltered active list only, so that searching or browsing archives never jumps away.
 */
export function autoSkipTarget({ archive, search, courses, triads }: SkipInput): { triadId: number; courseId: number } | null {
  if (archive !== 1 || search !== '' || !courses || !triads) return null;
  const [course] = courses.trainingCourses;
  const [triad] = triads.triads;
  if (courses.count !== 1 || courses.trainingCourses.length !== 1 || !course) return null;
  if (triads.count !== 1 || triads.triads.length !== 1 || !triad) return null;
  return { triadId: triad.id, courseId: course.id };
}
