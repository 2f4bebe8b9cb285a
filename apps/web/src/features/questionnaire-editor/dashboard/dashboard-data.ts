import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DashboardCourse,
  GradebookDashboardResponse,
  SkillDashboardFilter,
  SkillDashboardResponse,
  type DashboardFilter,
} from '@lea/shared';
import { apiRequest } from '../../../shell/api-client';
import { editorKeys, filterQuery } from '../api';

/** The shape both dashboards share: categories of questionnaires with one entry per triad, and the crews. */
/** A column; the skill dashboard's columns are skills (no year, no signers). */
export type DashboardQuestionnaire<E> = { id: number; title: string; year?: number; signedBy: number[]; dashboardData: Record<string, E> };
export type DashboardCategory<E> = { id: number | null; title: string; questionnaires: DashboardQuestionnaire<E>[] };
export type DashboardCourseData = z.infer<typeof DashboardCourse>;
export type DashboardTriadData = DashboardCourseData['crews'][number]['triads'][number];
export type DashboardData<E> = { categories: DashboardCategory<E>[]; trainingCourse: DashboardCourseData };

/** The profiles of a cell in order, with their key in an entry (spec 3 §3 Dashboard data). */
export const PROFILE_KEYS = [
  { profile: 1, key: 'apprentice' },
  { profile: 2, key: 'tutor' },
  { profile: 3, key: 'apprenticeMaster' },
  { profile: 4, key: 'leaManager' },
] as const;

/** What differs between the signature and the grades dashboards. */
export type DashboardKind = {
  /** The path under `/app/lea-manager/{course}/`; its filter form is `{path}/filter-form`. */
  path: 'dashboard' | 'gradebook-dashboard' | 'skill-dashboard';
  storageKey: string;
  exportPath: string;
  /** The filter's schema when it has more fields than DashboardFilter (the skill dashboard's session, triads). */
  filterSchema?: z.ZodType<DashboardFilter, unknown>;
};

export const SIGNATURE_DASHBOARD: DashboardKind = {
  path: 'dashboard',
  storageKey: 'questionnaire-dashboard',
  exportPath: 'dashboard/export',
};
export const GRADES_DASHBOARD: DashboardKind = {
  path: 'gradebook-dashboard',
  storageKey: 'gradebook-dashboard',
  exportPath: 'gradebook-dashboard/export',
};
export const SKILL_DASHBOARD: DashboardKind = {
  path: 'skill-dashboard',
  storageKey: 'skill-dashboard',
  exportPath: 'skill-dashboard/export',
  filterSchema: SkillDashboardFilter,
};

function useDashboardQuery<S extends z.ZodTypeAny>(kind: DashboardKind, schema: S, courseId: number, filter: DashboardFilter) {
  return useQuery({
    queryKey: [...editorKeys.course(courseId), kind.path, filter],
    queryFn: () => apiRequest(`/app/lea-manager/${courseId}/${kind.path}${filterQuery(filter)}`, { schema }),
  });
}

export function useGradesDashboard(courseId: number, filter: DashboardFilter) {
  return useDashboardQuery(GRADES_DASHBOARD, GradebookDashboardResponse, courseId, filter);
}

export function useSkillDashboard(courseId: number, filter: DashboardFilter) {
  return useDashboardQuery(SKILL_DASHBOARD, SkillDashboardResponse, courseId, filter);
}

/** Every questionnaire of the dashboard, in column order. */
export function columnsOf<E>(data: DashboardData<E>): DashboardQuestionnaire<E>[] {
  return data.categories.flatMap((category) => category.questionnaires);
}
