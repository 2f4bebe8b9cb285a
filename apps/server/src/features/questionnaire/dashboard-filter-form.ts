import { and, asc, eq } from 'drizzle-orm';
import type { DashboardFilter, FormModel } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { crews, questionnaireCategories, questionnaires } from '../../db/schema/index.js';
import { buildFormModel } from '../../generic/form-builder.js';
import type { Caller } from '../../http/caller.js';
import { courseYears, resolveManagedCourse } from '../../services/managed-course.js';

const LABELS = {
  tab: { fr: 'Filtres', en: 'Filters' },
  crews: { fr: 'Groupes', en: 'Crews' },
  categories: { fr: 'Catégories', en: 'Categories' },
  questionnaires: { fr: 'Questionnaires', en: 'Questionnaires' },
  year: { fr: 'Année', en: 'Year' },
  active: { fr: 'Trinômes', en: 'Triads' },
  all: { fr: 'Toutes', en: 'All' },
  activeOnly: { fr: 'Actives', en: 'Active' },
  inactiveOnly: { fr: 'Inactives', en: 'Inactive' },
  search: { fr: "Nom de l'apprenti", en: "Apprentice's name" },
  yearValue: { fr: (year: number) => `Année ${year}`, en: (year: number) => `Year ${year}` },
} as const;

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
  const course = await resolveManagedCourse(db, caller, params.courseId);
  const { locale, filter } = params;
  const [crewRows, categoryRows, questionnaireRows] = await Promise.all([
    db.select({ id: crews.id, title: crews.name }).from(crews).where(eq(crews.trainingCourseId, course.id)).orderBy(asc(crews.position), asc(crews.id)),
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
  const tabs = [
    {
      code: 'filter',
      label: LABELS.tab,
      fields: [
        { name: 'crews', kind: 'multiselect' as const, label: LABELS.crews, choices: choices(crewRows) },
        { name: 'categories', kind: 'multiselect' as const, label: LABELS.categories, choices: choices(categoryRows) },
        {
          name: 'questionnaires',
          kind: 'multiselect' as const,
          label: LABELS.questionnaires,
          choices: choices(questionnaireRows.filter((row) => kept === null || kept.has(row.id))),
        },
        {
          name: 'year',
          kind: 'select' as const,
          label: LABELS.year,
          choices: [{ value: '', label: LABELS.all[locale] }, ...courseYears(course).map((year) => ({ value: String(year), label: LABELS.yearValue[locale](year) }))],
        },
        {
          name: 'active',
          kind: 'select' as const,
          label: LABELS.active,
          choices: [
            { value: '', label: LABELS.all[locale] },
            { value: '1', label: LABELS.activeOnly[locale] },
            { value: '0', label: LABELS.inactiveOnly[locale] },
          ],
        },
        { name: 'search', kind: 'text' as const, label: LABELS.search, attributes: { placeholder: 'Martin' } },
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
