import type { EditorRow } from '@lea/shared';
import type { questions } from '../db/schema/index.js';

/** A stored question item (template row, or a row added by a triad to an open cluster). */
export type StoredQuestion = typeof questions.$inferSelect;

/**
 * The attributes a stored item shows to both the editor and the questionnaire view (spec 3 §3
 * Question); each caller adds its `questions` and what depends on the reader.
 */
export function storedItemAttributes(row: StoredQuestion): Omit<EditorRow, 'questions' | 'id'> & { id: number } {
  return {
    id: row.id,
    index: row.index,
    itemType: row.itemType as EditorRow['itemType'],
    title: row.title,
    type: row.type,
    tip: row.tip,
    tipActive: row.tipActive,
    required: row.required,
    enabled: row.enabled,
    access: row.access,
    comments: row.comments,
    commentsLabel: row.commentsLabel,
    commentsType: row.commentsType,
    displayMode: row.displayMode,
    displayMark: row.displayMark,
    displayRadar: row.displayRadar,
    maximalMark: row.maximalMark,
    valueList: row.valueList,
    openedQuestions: row.openedQuestions,
    openedQuestionsAccess: row.openedQuestionsAccess,
    openedQuestionsType: row.openedQuestionsType,
  };
}
