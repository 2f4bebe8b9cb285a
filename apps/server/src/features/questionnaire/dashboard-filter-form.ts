import { and, asc, eq } from 'drizzle-orm';
import type { DashboardFilter, FormModel } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { crews, questionnaireCategories, questionnaires } from '../../db/schema/index.js';
import { buildFormModel, type TabSpec } from '../../generic/form-builder.js';
import type { Caller } from '../../http/caller.js';
import { courseYears, resolveManagedCourse } from '../../services/managed-course.js';
import { translator } from '../../texts/index.js';

/**
 * GET …/dashboard/filter-form and …/gradebook-dashboard/filter-form: the filters of spec 3 §2.2 as
 * a generic form (tab `filter`), the current filter as values. `questionnaireIds` narrows the
 * questionnaires offered (the grades dashboard's marked ones). The posted `form` is a valid DashboardFilter.
 */
export async function dashboardFilterForm(
  db: DbOrTx,
  caller: Caller,
  params: { courseId: number; locale: 'fr' | 'en'; filter: DashboardFilter; questionnaireIds?: (ids: number[]) => Promise<Set<number>> },
): Promise<FormModel> {
  const course = await resolveManagedCourse(db, caller, params.courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'view' });
  const { locale, filter } = params;
  const t = translator(locale);
  const [crewRows, categoryRows, questionnaireRows] = await Promise.all([
    db
      .select({ id: crews.id, title: crews.name })
      .from(crews)
      .where(eq(crews.trainingCourseId, course.id))
      .orderBy(asc(crews.position), asc(crews.id)),
    db
      .select({ id: questionnaireCategories.id, title: questionnaireCategories.title })
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.trainingCourseId, course.id))
      .orderBy(asc(questionnaireCategories.position), asc(questionnaireCategories.title)),
    db
      .select({ id: questionnaires.id, title: questionnaires.title, year: questionnaires.year })
      .from(questionnaires)
      .where(and(eq(questionnaires.trainingCourseId, course.id), eq(questionnaires.active, true)))
      .orderBy(asc(questionnaires.year), asc(questionnaires.title)),
  ]);
  const kept = params.questionnaireIds ? await params.questionnaireIds(questionnaireRows.map((row) => row.id)) : null;
  const choices = (rows: { id: number; title: string }[]) => rows.map((row) => ({ value: String(row.id), label: row.title }));
  const ids = (list: number[] | undefined) => (list ?? []).map(String);
  const tabs: TabSpec[] = [
    {
      code: 'filter',
      label: 'dashboard.filterTab',
      fields: [
        { name: 'crews', kind: 'multiselect' as const, label: 'dashboard.filterCrews', choices: choices(crewRows) },
        { name: 'categories', kind: 'multiselect' as const, label: 'dashboard.filterCategories', choices: choices(categoryRows) },
        {
          name: 'questionnaires',
          kind: 'multiselect' as const,
          label: 'dashboard.filterQuestionnaires',
          choices: choices(questionnaireRows.filter((row) => kept === null || kept.has(row.id))),
        },
        {
          name: 'year',
          kind: 'select' as const,
          label: 'dashboard.filterYear',
          choices: [
            { value: '', label: t('dashboard.filterAll') },
            ...courseYears(course).map((year) => ({ value: String(year), label: t('dashboard.filterYearValue', { year }) })),
          ],
        },
        {
          name: 'active',
          kind: 'select' as const,
          label: 'dashboard.filterActive',
          choices: [
            { value: '', label: t('dashboard.filterAll') },
            { value: '1', label: t('dashboard.filterActiveOnly') },
            { value: '0', label: t('dashboard.filterInactiveOnly') },
          ],
        },
        { name: 'search', kind: 'text' as const, label: 'dashboard.filterSearch', attributes: { placeholder: 'Martin' } },
      ],
    },
  ];
  return buildFormModel('dashboard_filter', locale, tabs, {
    crews: ids(filter.crews),
    categories: ids(filter.categories),
    questionnaires: ids(filter.questionnaires),
    year: filter.year === undefined ? '' : String(filter.year),
    active: filter.active ?? '',
    search: filter.search ?? '',
  });
}
