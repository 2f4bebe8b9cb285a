import type { AnswerValue, QuestionItem, QuestionnaireView } from '@lea/shared';
import type { PendingWrite } from '../../shell/pending-writes';
import { answerableItems, initialDraft, interviewDateItem, wireValue, type ReplyDraft } from './reply-state';

/**
 * Completion offline (issue 19 §1, decision 037): what the user typed without a network is kept on
 * the device with the reply version and the answers it was based on, and sent when the connection
 * returns. If the server's reply moved on meanwhile, a three-way merge takes what only one side
 * changed and leaves the fields both changed differently to the user: nothing is overwritten silently.
 */

/** The answers kept on this device for one reply (one user, triad, questionnaire and profile). */
export type PendingReply = {
  /** The reply version the answers were based on: the save carries it. */
  baseVersion: number;
  /** The answers as the server had them at that version: the base of the merge. */
  base: ReplyDraft;
  /** The answers as the user left them. */
  draft: ReplyDraft;
  /** When they were last kept (epoch ms). */
  savedAt: number;
  /** The draft save to replay when the network returns elsewhere in the portal (shell/pending-writes.ts). */
  write?: PendingWrite;
};

/** One answer of the reply: a question's value, its free comment, or the interview date. */
export type ReplyField =
  { kind: 'value'; item: QuestionItem } | { kind: 'comment'; item: QuestionItem } | { kind: 'interviewDate'; item: QuestionItem };

export type FieldSide = 'mine' | 'server';

export type MergeResult = {
  /** Every field both sides agree on or only one side changed, and the user's side of the others. */
  merged: ReplyDraft;
  /** The fields changed on both sides to different answers: the user chooses. */
  conflicts: ReplyField[];
};

/** The store key of a pending reply: one per signed-in user, triad, questionnaire and profile. */
export function pendingKey(user: string, triadId: number, questionnaireId: number, profile: number | null): string {
  return `pending ${user} ${triadId} ${questionnaireId} ${profile ?? 0}`;
}

/** A stable name for a field (choices by field, React keys). */
export function fieldKey(field: ReplyField): string {
  return field.kind === 'interviewDate' ? 'interviewDate' : `${field.kind}-${field.item.id}`;
}

/** The fields of a reply the caller may write, in the order of the page. */
export function writableFields(view: QuestionnaireView): ReplyField[] {
  const fields: ReplyField[] = [];
  for (const item of answerableItems(view.questions)) {
    if (!item.writable) continue;
    fields.push({ kind: 'value', item });
    if (item.comments) fields.push({ kind: 'comment', item });
  }
  const dateItem = interviewDateItem(view);
  if (dateItem?.writable) fields.push({ kind: 'interviewDate', item: dateItem });
  return fields;
}

export function fieldValue(draft: ReplyDraft, field: ReplyField): AnswerValue {
  if (field.kind === 'interviewDate') return draft.interviewDate;
  if (field.kind === 'comment') return draft.comments[field.item.id] ?? '';
  return draft.values[field.item.id] ?? null;
}

function withField(draft: ReplyDraft, field: ReplyField, value: AnswerValue): ReplyDraft {
  if (field.kind === 'interviewDate') return { ...draft, interviewDate: typeof value === 'string' ? value : null };
  if (field.kind === 'comment')
    return { ...draft, comments: { ...draft.comments, [field.item.id]: typeof value === 'string' ? value : '' } };
  return { ...draft, values: { ...draft.values, [field.item.id]: value } };
}

/** The answer as the server would store it: '' and [] are no answer, '12,5' is 12.5, a file is its id. */
function comparable(field: ReplyField, value: AnswerValue): string {
  let wire = field.kind === 'value' ? wireValue(field.item, value) : typeof value === 'string' && value.trim() === '' ? null : value;
  if (Array.isArray(wire) && wire.length === 0) wire = null;
  if (typeof wire === 'string') wire = wire.trim();
  if (wire !== null && typeof wire === 'object' && !Array.isArray(wire)) return JSON.stringify({ file: wire.id });
  return JSON.stringify(wire);
}

export function sameAnswer(field: ReplyField, a: AnswerValue, b: AnswerValue): boolean {
  return comparable(field, a) === comparable(field, b);
}

/** true when the draft holds something the view's stored answers do not: worth keeping offline. */
export function differsFromServer(view: QuestionnaireView, draft: ReplyDraft): boolean {
  const server = initialDraft(view);
  return writableFields(view).some((field) => !sameAnswer(field, fieldValue(draft, field), fieldValue(server, field)));
}

/**
 * Three-way merge of the user's answers (`mine`, based on `base`) with the server's newer ones, over
 * the fields the caller may write (`fields`; the others keep the server's answers): a field only one
 * side changed takes that side's answer; a field both changed to different answers is a conflict.
 */
export function mergeReply(base: ReplyDraft, mine: ReplyDraft, server: ReplyDraft, fields: readonly ReplyField[]): MergeResult {
  let merged = server;
  const conflicts: ReplyField[] = [];
  for (const field of fields) {
    const [b, m, s] = [fieldValue(base, field), fieldValue(mine, field), fieldValue(server, field)];
    if (sameAnswer(field, m, s) || sameAnswer(field, m, b)) continue;
    merged = withField(merged, field, m);
    if (!sameAnswer(field, s, b)) conflicts.push(field);
  }
  return { merged, conflicts };
}

/** The merged answers with, for each conflicting field, the side the user chose (theirs when not said). */
export function applyChoices(
  merged: ReplyDraft,
  server: ReplyDraft,
  conflicts: readonly ReplyField[],
  choices: Readonly<Record<string, FieldSide>>,
): ReplyDraft {
  return conflicts.reduce(
    (draft, field) => (choices[fieldKey(field)] === 'server' ? withField(draft, field, fieldValue(server, field)) : draft),
    merged,
  );
}
