import {
  DEFAULT_INTERVIEW_DATE_LABEL,
  PROFILE,
  type EditorListItem,
  type Locale,
  type QuestionnaireEditorList,
  type QuestionnaireEditorOptions,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import { courseYears, resolveManagedCourse } from '../../services/managed-course.js';
import {
  countTopQuestions,
  listCourseReferences,
  listQuestionnaires,
  listSignedQuestionnaireIds,
  type QuestionnaireRow,
} from './queries.js';
import { text, textRef } from '../../texts/index.js';
import { triadTitle } from './model.js';

/** A course manager copies a questionnaire whose canBeCopiedBy holds the manager profile; administrators always. */
export const canCopy = (questionnaire: Pick<QuestionnaireRow, 'canBeCopiedBy'>, caller: Caller) =>
  caller.admin || questionnaire.canBeCopiedBy.includes(PROFILE.manager);

type Category = { id: number; title: string; position: number } | null;

/** Years ascending; in a year, categories by position then title, the uncategorised last. */
export function groupByYearAndCategory<T extends { year: number }>(entries: { category: Category; item: T }[]) {
  const years = new Map<number, Map<number | null, { category: Category; items: T[] }>>();
  for (const { category, item } of entries) {
    const groups = years.get(item.year) ?? new Map<number | null, { category: Category; items: T[] }>();
    years.set(item.year, groups);
    const group = groups.get(category?.id ?? null) ?? { category, items: [] };
    groups.set(category?.id ?? null, group);
    group.items.push(item);
  }
  const rank = (category: Category) => [category === null ? 1 : 0, category?.position ?? 0, category?.title ?? ''] as const;
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, groups]) => ({
      year,
      groups: [...groups.values()].sort((a, b) => {
        const [ra, rb] = [rank(a.category), rank(b.category)];
        return ra[0] - rb[0] || ra[1] - rb[1] || ra[2].localeCompare(rb[2], 'fr');
      }),
    }));
}

/** GET …/questionnaires: every questionnaire of the course, inactive ones included. */
export async function listEditorQuestionnaires(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  locale: Locale,
): Promise<QuestionnaireEditorList> {
  const course = await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'view' });
  const rows = await listQuestionnaires(db, course.id);
  const ids = rows.map((row) => row.questionnaire.id);
  const [signed, counts] = await Promise.all([listSignedQuestionnaireIds(db, ids), countTopQuestions(db, ids)]);
  const entries = rows.map(({ questionnaire: q, category }) => ({
    category,
    item: {
      id: q.id,
      title: q.title,
      year: q.year,
      category: category ? { id: category.id, title: category.title } : null,
      active: q.active,
      locked: q.locked,
      isAlreadySigned: signed.has(q.id),
      canBeCopiedBy: q.canBeCopiedBy,
      canCopy: canCopy(q, caller),
      visibleBy: q.visibleBy,
      signedBy: q.signedBy,
      questionCount: counts.get(q.id) ?? 0,
      firstReminder: q.firstReminder,
      secondReminder: q.secondReminder,
      updatedAt: q.updatedAt.toISOString(),
    },
  }));
  return {
    years: groupByYearAndCategory<EditorListItem>(entries).map(({ year, groups }) => ({
      year,
      categories: groups.map((group) => ({
        id: group.category?.id ?? null,
        title: group.category?.title ?? text(locale, 'questionnaire.noCategory'),
        questionnaires: group.items,
      })),
    })),
  };
}

/** GET …/questionnaire/form[/{id}]: the choices of the editor's selects. */
export async function editorOptions(
  db: DbOrTx,
  caller: Caller,
  courseId: number,
  locale: Locale,
  questionnaireId?: number,
): Promise<QuestionnaireEditorOptions> {
  const course = await resolveManagedCourse(db, caller, courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'view' });
  const references = await listCourseReferences(db, course.id);
  if (questionnaireId !== undefined && !references.questionnaires.some((q) => q.id === questionnaireId))
    throw notFound(textRef('questionnaire.notFound'));
  const triadOption = (triad: (typeof references.triads)[number]) => ({
    id: triad.id,
    title: triadTitle(triad, locale),
    active: triad.active,
  });
  return {
    years: courseYears(course),
    categories: references.categories.map((category) => ({ id: category.id, title: category.title })),
    crews: references.crews.map((crew) => ({
      ...crew,
      triads: references.triads.filter((triad) => triad.crewId === crew.id).map(triadOption),
    })),
    triads: references.triads.filter((triad) => triad.crewId === null).map(triadOption),
    questionnaires: references.questionnaires.filter((q) => q.id !== questionnaireId),
    defaultInterviewDateLabel: DEFAULT_INTERVIEW_DATE_LABEL,
  };
}
