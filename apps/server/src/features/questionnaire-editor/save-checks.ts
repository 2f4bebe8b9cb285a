import {
  CHOICE_FIELD_TYPES,
  GRID_CLUSTER_DISPLAY_MODE,
  isInterviewDateItem,
  type EditorError,
  type EditorQuestion,
  type EditorRow,
  type QuestionnaireEditorBody,
} from '@lea/shared';
import type { CourseReferences } from './queries.js';
import { frenchTexts } from '../../texts/index.js';

export const SAVE_MESSAGES = frenchTexts('questionnaireEditor');

/** One item of the normalised model with its key in the body as sent (`questions.3.questions.1`). */
export type KeyedItem = { key: string; item: EditorQuestion | EditorRow; parent: EditorQuestion | null };

/**
 * The model's items paired with their keys in the body as sent: the rules dropped the interview
 * date item and renumbered, but errors must name the position the web app sent.
 */
export function keyedItems(body: QuestionnaireEditorBody, model: QuestionnaireEditorBody): KeyedItem[] {
  const sentIndexes = body.questions
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !isInterviewDateItem(item))
    .map(({ index }) => index);
  const keyed: KeyedItem[] = [];
  model.questions.forEach((item, position) => {
    const key = `questions.${sentIndexes[position]}`;
    keyed.push({ key, item, parent: null });
    item.questions.forEach((row, rowIndex) => keyed.push({ key: `${key}.questions.${rowIndex}`, item: row, parent: item }));
  });
  return keyed;
}

/** The references of the body must be the course's; a questionnaire is not its own secondary. */
export function checkReferences(model: QuestionnaireEditorBody, references: CourseReferences, selfId: number | null): EditorError[] {
  const errors: EditorError[] = [];
  const has = (list: { id: number }[], id: number) => list.some((entry) => entry.id === id);
  if (model.category !== null && !has(references.categories, model.category.id))
    errors.push({ field: 'category', message: SAVE_MESSAGES.unknownReference });
  model.crews.forEach((crew, index) => {
    if (!has(references.crews, crew.id)) errors.push({ field: `crews.${index}.id`, message: SAVE_MESSAGES.unknownReference });
  });
  model.triads.forEach((triad, index) => {
    if (!has(references.triads, triad.id)) errors.push({ field: `triads.${index}.id`, message: SAVE_MESSAGES.unknownReference });
  });
  model.secondaryQuestionnaires.forEach((secondary, index) => {
    if (secondary.id === selfId) errors.push({ field: `secondaryQuestionnaires.${index}.id`, message: SAVE_MESSAGES.selfSecondary });
    else if (!has(references.questionnaires, secondary.id))
      errors.push({ field: `secondaryQuestionnaires.${index}.id`, message: SAVE_MESSAGES.unknownReference });
  });
  return errors;
}

type StoredItem = { id: number; parentId: number | null; triadId: number | null; itemType: string; type: number; title: string };

/** Items the body names must be this questionnaire's template items; a kept item cannot also be deleted. */
export function checkItemIds(
  keyed: KeyedItem[],
  deleted: QuestionnaireEditorBody['deletedQuestions'],
  stored: StoredItem[],
): EditorError[] {
  const template = new Set(stored.filter((item) => item.triadId === null).map((item) => item.id));
  const errors: EditorError[] = [];
  const kept = new Set<number>();
  for (const { key, item } of keyed) {
    if (item.id === null) continue;
    if (!template.has(item.id)) errors.push({ field: `${key}.id`, message: SAVE_MESSAGES.unknownQuestion });
    kept.add(item.id);
  }
  deleted.forEach((entry, index) => {
    if (kept.has(entry.id)) errors.push({ field: `deletedQuestions.${index}.id`, message: SAVE_MESSAGES.keptAndDeleted });
  });
  return errors;
}

/** The listed items of this questionnaire with every row below them (triad rows included). */
export function deletionSet(deleted: QuestionnaireEditorBody['deletedQuestions'], stored: StoredItem[]): Map<number, number> {
  const template = new Set(stored.filter((item) => item.triadId === null).map((item) => item.id));
  // id → index in deletedQuestions, so a refusal names the entry the web app sent.
  const set = new Map<number, number>();
  deleted.forEach((entry, index) => {
    if (template.has(entry.id)) set.set(entry.id, index);
  });
  for (const item of stored) {
    if (item.parentId !== null && set.has(item.parentId) && !set.has(item.id)) set.set(item.id, set.get(item.parentId) as number);
  }
  return set;
}

const chosenValues = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

export type SignedRefusal = { field: string; message: string };

/**
 * What signed answers forbid (spec 3 §5 as issue 6 words it): deleting an item that holds one,
 * changing its item type or field type, or removing from its list an option one of them chose.
 * Returns the first refusal, or null.
 */
export function signedAnswerRefusal(
  keyed: KeyedItem[],
  toDelete: Map<number, number>,
  stored: StoredItem[],
  signedAnswers: { questionId: number; value: unknown }[],
): SignedRefusal | null {
  if (signedAnswers.length === 0) return null;
  const storedById = new Map(stored.map((item) => [item.id, item]));
  const answered = new Map<number, unknown[]>();
  for (const answer of signedAnswers) answered.set(answer.questionId, [...(answered.get(answer.questionId) ?? []), answer.value]);
  for (const [id, index] of toDelete) {
    if (answered.has(id)) {
      const title = storedById.get(id)?.title ?? '';
      return { field: `deletedQuestions.${index}`, message: SAVE_MESSAGES.signedItem({ title }) };
    }
  }
  for (const { key, item, parent } of keyed) {
    const before = item.id === null ? undefined : storedById.get(item.id);
    const values = item.id === null ? undefined : answered.get(item.id);
    if (!before || !values) continue;
    if (before.itemType !== item.itemType || before.type !== item.type)
      return { field: key, message: SAVE_MESSAGES.signedItem({ title: before.title }) };
    const grid = parent !== null && parent.displayMode === GRID_CLUSTER_DISPLAY_MODE;
    const list = grid && parent ? parent.valueList : item.valueList;
    if (!grid && !CHOICE_FIELD_TYPES.includes(item.type)) continue;
    const options = new Set(list.map((entry) => entry.value));
    const lost = values.flatMap(chosenValues).find((value) => !options.has(value));
    if (lost !== undefined)
      return {
        field: grid && parent ? key.replace(/\.questions\.\d+$/, '') : key,
        message: SAVE_MESSAGES.signedChoice({ title: before.title, value: lost }),
      };
  }
  return null;
}

/** Stored items whose item type or field type the save changes (their draft answers go). */
export function retypedIds(keyed: KeyedItem[], stored: StoredItem[]): number[] {
  const storedById = new Map(stored.map((item) => [item.id, item]));
  return keyed
    .filter(({ item }) => {
      const before = item.id === null ? undefined : storedById.get(item.id);
      return before !== undefined && (before.itemType !== item.itemType || before.type !== item.type);
    })
    .map(({ item }) => item.id as number);
}
