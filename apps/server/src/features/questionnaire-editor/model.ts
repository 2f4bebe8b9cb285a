import {
  interviewDateItem,
  type EditorQuestion,
  type EditorRow,
  type EditorWindow,
  type Locale,
  type QuestionnaireEditorModel,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AccessDates, AccessWindow } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { storedItemAttributes } from '../../services/question-items.js';
import { listLinks, listQuestionnaires, listSignedQuestionnaireIds, listTemplateQuestions, type QuestionRow } from './queries.js';
import { text, textRef } from '../../texts/index.js';

const PROFILES = [1, 2, 3, 4] as const;
const windowOf = (window: AccessWindow | null | undefined): EditorWindow | null =>
  window ? { startDate: window.startDate, endDate: window.endDate } : null;

/** A stored item as the editor edits it; `questions` are its rows. */
export function toEditorItem<T extends EditorRow | EditorQuestion>(row: QuestionRow, rows: T['questions']): T {
  return { ...storedItemAttributes(row), questions: rows } as T;
}

/** The question tree from the stored items (the interview date item appended when used). */
export function questionTree(
  rows: QuestionRow[],
  settings: { useInterviewDate: boolean; interviewDateLabel: string | null; interviewDateVisibleBy: number[] },
): EditorQuestion[] {
  const childrenOf = new Map<number, QuestionRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  const tree = rows
    .filter((row) => row.parentId === null)
    .map((row) =>
      toEditorItem<EditorQuestion>(
        row,
        (childrenOf.get(row.id) ?? []).map((child) => toEditorItem<EditorRow>(child, [])),
      ),
    );
  if (settings.useInterviewDate) tree.push(interviewDateItem(settings));
  return tree;
}

export function editorAccessDates(dates: AccessDates): QuestionnaireEditorModel['accessDates'] {
  const result: QuestionnaireEditorModel['accessDates'] = { all: windowOf(dates.all), 1: null, 2: null, 3: null, 4: null };
  for (const profile of PROFILES) result[profile] = windowOf(dates[profile]);
  return result;
}

/** A triad as the editor names it: by its apprentice, else by its id (a triad may have no apprentice yet). */
export const triadTitle = (triad: { id: number; apprentice: string | null }, locale: Locale) =>
  triad.apprentice ?? text(locale, 'questionnaireEditor.triadTitle', { id: triad.id });

/** GET …/questionnaire/{id}: the whole editor model, read in a fixed number of queries. */
export async function loadEditorModel(
  db: DbOrTx,
  courseId: number,
  questionnaireId: number,
  locale: Locale,
): Promise<QuestionnaireEditorModel> {
  const [found] = await listQuestionnaires(db, courseId, questionnaireId);
  if (!found) throw notFound(textRef('questionnaire.notFound'));
  const { questionnaire: q, category } = found;
  const [rows, links, signed, secondaries] = await Promise.all([
    listTemplateQuestions(db, [q.id]),
    listLinks(db, q.id),
    listSignedQuestionnaireIds(db, [q.id]),
    q.secondaryQuestionnaireIds.length === 0 ? Promise.resolve([]) : listQuestionnaires(db, courseId),
  ]);
  const titleOf = new Map(secondaries.map((row) => [row.questionnaire.id, row.questionnaire.title]));
  return {
    id: q.id,
    title: q.title,
    code: q.code,
    description: q.description,
    descriptionPdf: q.descriptionPdf,
    message: q.message,
    active: q.active,
    locked: q.locked,
    category: category ? { id: category.id, title: category.title } : null,
    year: q.year,
    visibleBy: q.visibleBy,
    signedBy: q.signedBy,
    marksVisibleBy: q.marksVisibleBy,
    canBeCopiedBy: q.canBeCopiedBy,
    useComments: q.useComments,
    allProfileDates: q.accessDates.all !== null && q.accessDates.all !== undefined,
    accessDates: editorAccessDates(q.accessDates),
    useCrewDates: q.useCrewDates,
    crews: links.crews,
    triads: links.triads.map((triad) => ({ id: triad.id, title: triadTitle(triad, locale) })),
    completenessDate: q.completenessDate,
    firstReminder: q.firstReminder,
    secondReminder: q.secondReminder,
    firstReminderSentAt: q.firstReminderSentAt?.toISOString() ?? null,
    secondReminderSentAt: q.secondReminderSentAt?.toISOString() ?? null,
    useInterviewDate: q.useInterviewDate,
    interviewDateLabel: q.interviewDateLabel,
    interviewDateVisibleBy: q.interviewDateVisibleBy,
    markAutomatic: q.markAutomatic,
    markMaximum: q.markMaximum,
    secondaryQuestionnaires: q.secondaryQuestionnaireIds
      .filter((id) => titleOf.has(id))
      .map((id) => ({ id, title: titleOf.get(id) as string })),
    isAlreadySigned: signed.has(q.id),
    trainingCourse: { id: courseId },
    questions: questionTree(rows, q),
  };
}
