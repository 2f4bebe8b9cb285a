import { createHash } from 'node:crypto';
import { FIELD_TYPE, type AnswerValue, type SaveReplyRequest } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { checkAnswerValue, fieldName, INTERVIEW_DATE_ITEM_ID, type ValidationError } from './answer-values.js';
import type { QuestionnaireContext } from './context.js';
import { findPlatformFiles } from './queries.js';
import type { RuleQuestion } from './rules.js';
import { frenchTexts } from '../../texts/index.js';

export const SAVE_MESSAGES = frenchTexts('questionnaire');

/** An answer as it will be written: null value = delete. */
export type PreparedAnswer = {
  question: RuleQuestion;
  value: AnswerValue;
  answerComment: string | null | undefined;
  fileId: number | null;
};

/**
 * Checks every answer of a save before anything is written: the question exists in this
 * questionnaire for this triad, is a field, is enabled, belongs to the profile's access list, and
 * the value fits its type. Refusals name their fields (403 for access, 400 for values).
 */
export function prepareAnswers(context: QuestionnaireContext, profile: number, body: SaveReplyRequest): PreparedAnswer[] {
  const refused: ValidationError[] = [];
  const invalid: ValidationError[] = [];
  const seen = new Set<number>();
  const prepared: PreparedAnswer[] = [];
  const rowById = new Map(context.items.map((item) => [item.id, item]));
  for (const input of body.answers) {
    const field = fieldName(input.questionId);
    const question = context.questions.find((candidate) => candidate.id === input.questionId);
    if (!question) invalid.push({ field, message: SAVE_MESSAGES.unknownQuestion });
    else if (seen.has(question.id)) invalid.push({ field, message: SAVE_MESSAGES.duplicate });
    else if (question.itemType !== 'field') invalid.push({ field, message: SAVE_MESSAGES.notAField });
    else if (!question.access.includes(profile)) refused.push({ field, message: SAVE_MESSAGES.notYourField });
    else if (!question.enabled) refused.push({ field, message: SAVE_MESSAGES.disabled });
    else if (input.answerComment && !rowById.get(question.id)?.comments) invalid.push({ field, message: SAVE_MESSAGES.noComment });
    else if (input.value === null) prepared.push({ question, value: null, answerComment: null, fileId: null });
    else {
      const checked = checkAnswerValue(question, input.value);
      if (checked.ok) prepared.push({ question, value: checked.value, answerComment: input.answerComment, fileId: null });
      else invalid.push({ field, message: checked.message });
    }
    seen.add(input.questionId);
  }
  const interviewRefused =
    body.interviewDate !== undefined &&
    !(context.questionnaire.useInterviewDate && context.questionnaire.interviewDateVisibleBy.includes(profile));
  if (interviewRefused) refused.push({ field: fieldName(INTERVIEW_DATE_ITEM_ID), message: SAVE_MESSAGES.notYourField });
  if (refused.length > 0) throw new AppError(403, SAVE_MESSAGES.refusedAnswers, refused);
  if (invalid.length > 0) throw new AppError(400, SAVE_MESSAGES.invalidAnswers, invalid);
  return prepared;
}

/**
 * File answers must name a file of the platform that the caller uploaded, or the file the answer
 * already holds; the stored value is rebuilt from the files table, never taken from the client.
 */
export async function resolveFileAnswers(
  db: DbOrTx,
  prepared: PreparedAnswer[],
  owner: { userId: number; platformId: number },
  storedFileIds: Map<number, number | null>,
): Promise<void> {
  const fileAnswers = prepared.filter((answer) => answer.question.type === FIELD_TYPE.file && answer.value !== null);
  const ids = fileAnswers.map((answer) => (answer.value as { id: number }).id);
  const found = new Map((await findPlatformFiles(db, ids, owner.platformId)).map((file) => [file.id, file]));
  const refused: ValidationError[] = [];
  for (const answer of fileAnswers) {
    const file = found.get((answer.value as { id: number }).id);
    const allowed = file && (file.uploadedBy === owner.userId || storedFileIds.get(answer.question.id) === file.id);
    if (!file || !allowed) {
      refused.push({ field: fieldName(answer.question.id), message: SAVE_MESSAGES.fileRefused });
      continue;
    }
    answer.value = { id: file.id, originalName: file.originalName, pathName: file.pathName };
    answer.fileId = file.id;
  }
  if (refused.length > 0) throw new AppError(400, SAVE_MESSAGES.invalidAnswers, refused);
}

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type DigestInput = {
  questionnaireId: number;
  triadId: number;
  profile: number;
  interviewDate: string | null;
  answers: { questionId: number; value: unknown; answerComment: string | null }[];
};

/** SHA-256 (hex) of the canonical JSON of the signed reply: its ids, interview date and answers by question id. */
export function replyDigest(input: DigestInput): string {
  const answers = [...input.answers].sort((a, b) => a.questionId - b.questionId);
  return createHash('sha256')
    .update(canonicalJson({ ...input, answers }), 'utf8')
    .digest('hex');
}
