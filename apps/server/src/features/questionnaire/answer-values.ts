import {
  FIELD_TYPE,
  GRID_CLUSTER_DISPLAY_MODE,
  INTERVIEW_DATE_ITEM_ID,
  isEmpty,
  isValidNumber,
  MESSAGES,
  type AnswerValue,
} from '@lea/shared';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import type { RuleQuestion } from './rules.js';
import { frenchTexts } from '../../texts/index.js';

/** The form field name of a question, as validation errors carry it. */
export const fieldName = (questionId: number) => `question-${questionId}`;
/** The interview date item has no row in `questions`: it is served with this id (docs/api/questionnaires.md). */
export { INTERVIEW_DATE_ITEM_ID };

export const VALUE_MESSAGES = frenchTexts('questionnaire');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/;

function isRealDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

export type CheckedValue = { ok: true; value: AnswerValue } | { ok: false; message: string };

/**
 * Checks a non-null answer against its field type and returns the value as stored (numbers as
 * numbers, date-times as "YYYY-MM-DD HH:mm", long text through the shared HTML allow-list). File
 * answers are checked against the files table by the save service; here only their shape.
 */
export function checkAnswerValue(question: RuleQuestion, value: Exclude<AnswerValue, null>): CheckedValue {
  const choices = question.valueList.map((entry) => entry.value);
  switch (question.type) {
    case FIELD_TYPE.shortText:
      return typeof value === 'string' ? { ok: true, value } : { ok: false, message: VALUE_MESSAGES.text };
    case FIELD_TYPE.longText:
      return typeof value === 'string' ? { ok: true, value: sanitizeHtml(value) } : { ok: false, message: VALUE_MESSAGES.text };
    case FIELD_TYPE.dropdown:
    case FIELD_TYPE.uniqueChoice:
      return typeof value === 'string' && choices.includes(value) ? { ok: true, value } : { ok: false, message: VALUE_MESSAGES.choice };
    case FIELD_TYPE.multipleChoice: {
      const list = Array.isArray(value) ? value : null;
      if (!list || list.some((entry) => !choices.includes(entry))) return { ok: false, message: VALUE_MESSAGES.choice };
      return { ok: true, value: [...new Set(list)] };
    }
    case FIELD_TYPE.number:
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      if (typeof value === 'string' && isValidNumber(value)) return { ok: true, value: Number(value.trim().replace(',', '.')) };
      return { ok: false, message: MESSAGES.number };
    case FIELD_TYPE.file:
      return typeof value === 'object' && !Array.isArray(value) ? { ok: true, value } : { ok: false, message: VALUE_MESSAGES.file };
    case FIELD_TYPE.date:
      return typeof value === 'string' && DATE.test(value) && isRealDate(value)
        ? { ok: true, value }
        : { ok: false, message: VALUE_MESSAGES.date };
    case FIELD_TYPE.dateTime: {
      const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
      if (!match || !isRealDate(match[1] as string) || Number(match[2]) > 23 || Number(match[3]) > 59) {
        return { ok: false, message: VALUE_MESSAGES.dateTime };
      }
      return { ok: true, value: `${match[1]} ${match[2]}:${match[3]}` };
    }
    default:
      return { ok: false, message: VALUE_MESSAGES.text };
  }
}

export type ValidationError = { field: string; message: string };

/**
 * Sign-mode validation (spec 1 §5.5) of a profile's answers: its required enabled fields are
 * filled; in a plain cluster, unique-choice (radio) rows are satisfied by one filled row; a grid
 * cluster's required rows are each filled; the interview date when the profile must give it.
 */
export function validateCompletion(
  questions: RuleQuestion[],
  profile: number,
  values: Map<number, unknown>,
  interviewDate: { required: boolean; value: string | null },
): ValidationError[] {
  const errors: ValidationError[] = [];
  const mine = questions.filter(
    (question) => question.itemType === 'field' && question.enabled && question.required && question.access.includes(profile),
  );
  const radioGroups = new Map<number, RuleQuestion[]>();
  for (const question of mine) {
    const radioRow =
      question.parentId !== null && question.type === FIELD_TYPE.uniqueChoice && question.clusterDisplayMode !== GRID_CLUSTER_DISPLAY_MODE;
    if (radioRow) {
      radioGroups.set(question.parentId as number, [...(radioGroups.get(question.parentId as number) ?? []), question]);
    } else if (isEmpty(values.get(question.id))) {
      errors.push({ field: fieldName(question.id), message: MESSAGES.required });
    }
  }
  for (const [clusterId, rows] of radioGroups) {
    if (rows.every((row) => isEmpty(values.get(row.id)))) errors.push({ field: fieldName(clusterId), message: MESSAGES.required });
  }
  if (interviewDate.required && isEmpty(interviewDate.value)) {
    errors.push({ field: fieldName(INTERVIEW_DATE_ITEM_ID), message: MESSAGES.required });
  }
  return errors;
}
