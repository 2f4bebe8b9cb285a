import {
  FIELD_TYPE,
  GRID_CLUSTER_DISPLAY_MODE,
  INTERVIEW_DATE_ORDER_INDEX,
  isEmpty,
  isValidNumber,
  MESSAGES,
  REPLY_STATUS,
  type AnswerValue,
  type QuestionItem,
  type QuestionnaireView,
  type SaveReplyRequest,
} from '@lea/shared';

/** The name validation errors (client and server) give a question. */
export function questionFieldName(id: number): string {
  return `question-${id}`;
}

/**
 * Spec 1 §2.9: the interview date is a date item at order index 50000. The server sends it (as
 * item 0) only to the profiles in interviewDateVisibleBy; its value travels as `interviewDate`.
 */
export const INTERVIEW_DATE_FIELD = questionFieldName(0);

export type SaveMode = SaveReplyRequest['draft'];

/** What the user is typing: answers and free comments by question id, and the interview date. */
export type ReplyDraft = {
  values: Record<number, AnswerValue>;
  comments: Record<number, string>;
  interviewDate: string | null;
};

export type FieldError = { field: string; message: string };

export function isInterviewDateItem(item: QuestionItem): boolean {
  return item.itemType === 'field' && item.type === FIELD_TYPE.date && item.index === INTERVIEW_DATE_ORDER_INDEX;
}

export function isGridCluster(item: QuestionItem): boolean {
  return item.itemType === 'cluster' && item.displayMode === GRID_CLUSTER_DISPLAY_MODE;
}

/** The page's blocks in order; the interview date has its own field at the end. */
export function blockItems(view: Pick<QuestionnaireView, 'questions'>): QuestionItem[] {
  return view.questions.filter((item) => !isInterviewDateItem(item)).sort((a, b) => a.index - b.index);
}

/** Every item that holds an answer: top-level fields and the rows of clusters. */
export function answerableItems(items: readonly QuestionItem[]): QuestionItem[] {
  return items.flatMap((item) => {
    if (item.itemType === 'field') return isInterviewDateItem(item) ? [] : [item];
    if (item.itemType === 'cluster') return answerableItems(item.questions);
    return [];
  });
}

function emptyValue(type: number): AnswerValue {
  return type === FIELD_TYPE.multipleChoice ? [] : null;
}

export function interviewDateItem(view: Pick<QuestionnaireView, 'questions'>): QuestionItem | null {
  return view.questions.find(isInterviewDateItem) ?? null;
}

export function showsInterviewDate(view: Pick<QuestionnaireView, 'questions'>): boolean {
  return interviewDateItem(view) !== null;
}

/** The draft as the server last saw it. */
export function initialDraft(view: QuestionnaireView): ReplyDraft {
  const stored = interviewDateItem(view)?.userAnswer?.value;
  const draft: ReplyDraft = {
    values: {},
    comments: {},
    interviewDate: view.userReply?.interviewDate ?? (typeof stored === 'string' ? stored : null),
  };
  for (const item of answerableItems(view.questions)) {
    draft.values[item.id] = item.userAnswer?.value ?? emptyValue(item.type);
    draft.comments[item.id] = item.userAnswer?.answerComment ?? '';
  }
  return draft;
}

/** A refetched view (a row added, a comment, a saved version) keeps what the user typed and adds new items. */
export function mergeDraft(current: ReplyDraft, view: QuestionnaireView): ReplyDraft {
  const fresh = initialDraft(view);
  let changed = false;
  const values = { ...current.values };
  const comments = { ...current.comments };
  for (const [key, value] of Object.entries(fresh.values)) {
    const id = Number(key);
    if (id in values) continue;
    values[id] = value;
    comments[id] = fresh.comments[id] ?? '';
    changed = true;
  }
  return changed ? { ...current, values, comments } : current;
}

/** Numbers are typed with a comma or a dot; a number that reads well is sent as a number. */
export function wireValue(item: QuestionItem, value: AnswerValue): AnswerValue {
  if (item.type === FIELD_TYPE.number && typeof value === 'string') {
    if (value.trim() === '') return null;
    return isValidNumber(value) ? Number(value.trim().replace(',', '.')) : value;
  }
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

/** The body of PUT /app/questionnaire/save: only the questions the caller may write. */
export function buildSaveRequest(view: QuestionnaireView, draft: ReplyDraft, mode: SaveMode): SaveReplyRequest {
  const answers = answerableItems(view.questions)
    .filter((item) => item.writable)
    .map((item) => ({
      questionId: item.id,
      value: wireValue(item, draft.values[item.id] ?? emptyValue(item.type)),
      ...(item.comments ? { answerComment: draft.comments[item.id]?.trim() || null } : {}),
    }));
  return {
    draft: mode,
    profile: view.userProfile ?? 1,
    version: view.userReply?.version ?? 0,
    ...(showsInterviewDate(view) ? { interviewDate: draft.interviewDate } : {}),
    answers,
  };
}

/** An answer counts as given when it has text, a choice, a number or a stored file. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'number') return true;
  if (typeof value === 'object' && !Array.isArray(value)) return Number.isInteger(value.id);
  return !isEmpty(value);
}

function isRequiredRow(row: QuestionItem): boolean {
  return row.itemType === 'field' && row.required && row.enabled && row.writable;
}

/**
 * The checks of spec 1 §5.5 the server also makes before a signature: required fields, cluster
 * rows (each required row filled, except the radio rows of a plain cluster, where one filled row
 * suffices, reported on the cluster), numbers, and the interview date. Drafts are not validated.
 */
export function validateForSigning(view: QuestionnaireView, draft: ReplyDraft): FieldError[] {
  const errors: FieldError[] = [];
  const checkNumber = (item: QuestionItem) => {
    const value = draft.values[item.id];
    if (item.type === FIELD_TYPE.number && typeof value === 'string' && value.trim() !== '' && !isValidNumber(value)) {
      errors.push({ field: questionFieldName(item.id), message: MESSAGES.number });
      return true;
    }
    return false;
  };
  for (const item of blockItems(view)) {
    if (item.itemType === 'field') {
      if (checkNumber(item)) continue;
      if (isRequiredRow(item) && !isAnswered(draft.values[item.id]))
        errors.push({ field: questionFieldName(item.id), message: MESSAGES.required });
    } else if (item.itemType === 'cluster') {
      const rows = item.questions.filter(isRequiredRow);
      const radioRows = rows.filter((row) => row.type === FIELD_TYPE.uniqueChoice && !isGridCluster(item));
      for (const row of item.questions) {
        if (row.itemType === 'field' && row.writable && checkNumber(row)) continue;
        if (!rows.includes(row) || radioRows.includes(row)) continue;
        if (!isAnswered(draft.values[row.id])) errors.push({ field: questionFieldName(row.id), message: MESSAGES.required });
      }
      if (radioRows.length > 0 && !radioRows.some((row) => isAnswered(draft.values[row.id]))) {
        errors.push({ field: questionFieldName(item.id), message: MESSAGES.required });
      }
    }
  }
  if (interviewDateItem(view)?.writable && !isAnswered(draft.interviewDate))
    errors.push({ field: INTERVIEW_DATE_FIELD, message: MESSAGES.required });
  return errors;
}

/** Spec 1 §2.9: share draft only with comments on, a signer, and no reply or a private draft. */
export function canShareDraft(view: QuestionnaireView): boolean {
  return (
    view.useComments &&
    view.userHasToSign &&
    !view.userHasSigned &&
    (view.userReply === null || view.userReply.status === REPLY_STATUS.draft)
  );
}

/** Signing needs userHasToSign and no message banner. */
export function canSign(view: QuestionnaireView): boolean {
  return view.userHasToSign && !view.userHasSigned && !view.message;
}

/** The caller may save a private draft: something on the page is theirs to write. */
export function canSaveDraft(view: QuestionnaireView): boolean {
  return !view.userHasSigned && view.userProfile !== null && answerableItems(view.questions).some((item) => item.writable);
}

/** Spec 1 §2.9: the progress bar shows while the user has to complete or sign and has not signed. */
export function showsProgress(view: QuestionnaireView): boolean {
  return (view.userHasToComplete || view.userHasToSign) && !view.userHasSigned;
}
