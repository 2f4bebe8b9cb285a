import { useEffect, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  COMPACT_DASHBOARD_LENGTH,
  CompactDashboardResponse,
  type DashboardEntry,
  type DashboardFilter,
  type DashboardReply,
} from '@lea/shared';
import { apiRequest } from '../../../shell/api-client';
import { editorKeys, filterQuery } from '../api';
import { PROFILE_KEYS, SIGNATURE_DASHBOARD, type DashboardData, type DashboardTriadData } from './dashboard-data';

/** A signature instant of the compact variant (epoch milliseconds, 0 for none) as the full answer writes it. */
const instantOf = (millis: number | undefined) => (millis ? new Date(millis).toISOString() : null);

/**
 * The signature dashboard's pages as the grid reads them: the compact variant's codes (decision 035)
 * turned back into the full answer's cells, for the triads loaded so far. Crews come in order; while
 * pages are missing, the crews after the last loaded triad's are left out (they come with their page).
 */
export function fromCompact(pages: CompactDashboardResponse[]): DashboardData<DashboardEntry> & { loaded: number; total: number } {
  const first = pages[0];
  if (!first)
    return { categories: [], trainingCourse: { id: 0, displayName: '', leaManagerColumn: false, crews: [] }, loaded: 0, total: 0 };
  const triads = pages.flatMap((page) => page.triads);
  const complete = triads.length >= first.total;
  const endDates = new Map(first.trainingCourse.crews.map((crew) => [crew.id, crew.endDates]));
  const categories = first.categories.map((category) => ({
    ...category,
    questionnaires: category.questionnaires.map((questionnaire) => ({
      ...questionnaire,
      dashboardData: {} as Record<string, DashboardEntry>,
    })),
  }));
  const columns = categories.flatMap((category) => category.questionnaires);
  const byCrew = new Map<number | null, DashboardTriadData[]>();
  for (const triad of triads) {
    const list = byCrew.get(triad.crewId) ?? [];
    byCrew.set(triad.crewId, list);
    list.push({
      id: triad.id,
      active: triad.active,
      apprentice: triad.apprentice,
      tutor: triad.tutor,
      apprenticeMaster: triad.apprenticeMaster,
    });
    const ends = endDates.get(triad.crewId) ?? [];
    let signature = 0;
    columns.forEach((column, index) => {
      const offset = index * 4;
      if (triad.cells.startsWith('xxxx', offset)) return;
      const entry = {} as Record<(typeof PROFILE_KEYS)[number]['key'], DashboardReply | null>;
      for (const { profile, key } of PROFILE_KEYS) {
        const cell = offset + profile - 1;
        const meaning = first.legend[triad.cells.charAt(cell)];
        entry[key] =
          meaning === undefined || meaning === 'none' || meaning === 'notConcerned'
            ? null
            : { icon: meaning, signedAt: meaning === 'check' ? instantOf(triad.signedAt[signature++]) : null, endDate: ends[cell] ?? null };
      }
      column.dashboardData[String(triad.id)] = entry;
    });
  }
  const lastCrew = triads.at(-1)?.crewId;
  const crews: DashboardData<DashboardEntry>['trainingCourse']['crews'] = [];
  for (const crew of first.trainingCourse.crews) {
    crews.push({ id: crew.id, title: crew.title, triads: byCrew.get(crew.id) ?? [] });
    if (!complete && crew.id === lastCrew) break;
  }
  const { id, displayName, leaManagerColumn } = first.trainingCourse;
  return { categories, trainingCourse: { id, displayName, leaManagerColumn, crews }, loaded: triads.length, total: first.total };
}

/**
 * The signature dashboard through its compact variant: the first page at once, the next ones right
 * after it, one after another, so a 1,000-triad course draws its first rows without waiting for the rest.
 */
export function useCompactSignatureDashboard(courseId: number, filter: DashboardFilter) {
  const query = useInfiniteQuery({
    queryKey: [...editorKeys.course(courseId), SIGNATURE_DASHBOARD.path, 'compact', filter],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiRequest(`/app/lea-manager/${courseId}/${SIGNATURE_DASHBOARD.path}${compactQuery(filter, pageParam)}`, {
        schema: CompactDashboardResponse,
      }),
    getNextPageParam: (last) => ((last.page + 1) * last.length < last.total ? last.page + 1 : undefined),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, error } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, error]);
  const pages = query.data?.pages;
  const data = useMemo(() => (pages ? fromCompact(pages) : undefined), [pages]);
  return { data, error: query.error };
}

/** The filter's query string with the compact variant's page. */
export function compactQuery(filter: DashboardFilter, page: number): string {
  const query = filterQuery(filter);
  const paging = `compact=1&page=${page}&length=${COMPACT_DASHBOARD_LENGTH}`;
  return query ? `${query}&${paging}` : `?${paging}`;
}
