/**
 * The questionnaire editor's save rules (spec 3 §4, §5) as one pure function: the web app runs it
 * before saving (missing_error, first invalid question selected) and the server runs it again.
 * Field keys follow the body: `title`, `accessDates.2.endDate`, `questions.3.title`,
 * `questions.3.questions.1.access`, where the indexes are the positions in the arrays as sent.
 */
import { INTERVIEW_DATE_ORDER_INDEX } from './constants.js';
import type { EditorQuestion, EditorRow, EditorWindow, QuestionnaireEditorBody } from './contracts/questionnaire-editor.js';
import { CHOICE_FIELD_TYPES, FIELD_TYPE, GRID_CLUSTER_DISPLAY_MODE } from './contracts/questionnaire.js';
import { EDITOR_RULE_MESSAGES, messagesOf } from './messages.js';
import { MESSAGES } from './validation.js';

export const EDITOR_MESSAGES = messagesOf(EDITOR_RULE_MESSAGES, 'fr');

export const DEFAULT_INTERVIEW_DATE_LABEL = 'Date de la visite en entreprise';
/** The interview date item of the editor model: derived from the settings, never stored as a question. */
export const INTERVIEW_DATE_ITEM_ID = 0;

export type EditorError = { field: string; message: string };

/** Field type codes of spec 1 §3.5. */
export const EDITOR_FIELD_TYPES: readonly number[] = Object.values(FIELD_TYPE);

export const isInterviewDateItem = (item: Pick<EditorQuestion, 'id' | 'index'>) =>
  item.id === INTERVIEW_DATE_ITEM_ID || item.index === INTERVIEW_DATE_ORDER_INDEX;

const profiles = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

function checkWindow(window: EditorWindow | null, key: string, required: boolean, errors: EditorError[]): void {
  if (required && (window === null || window.startDate === null)) errors.push({ field: `${key}.startDate`, message: MESSAGES.required });
  if (required && (window === null || window.endDate === null)) errors.push({ field: `${key}.endDate`, message: MESSAGES.required });
  if (window?.startDate && window.endDate && window.endDate < window.startDate)
    errors.push({ field: `${key}.endDate`, message: EDITOR_MESSAGES.endBeforeStart });
}

/** The attributes an item keeps, once what its type and switches turn off is cleared. */
function normaliseItem<T extends EditorRow | EditorQuestion>(item: T, title: string): T {
  const isField = item.itemType === 'field';
  const isCluster = item.itemType === 'cluster';
  const isGrid = isCluster && item.displayMode === GRID_CLUSTER_DISPLAY_MODE;
  const keepsValues = (isField && CHOICE_FIELD_TYPES.includes(item.type)) || isGrid;
  const marks = item.displayMark && keepsValues;
  const opened = isCluster && item.openedQuestions;
  const comments = isField && item.comments;
  return {
    ...item,
    title,
    type: isField ? item.type : 0,
    tip: blank(item.tip) ? null : item.tip,
    tipActive: item.tipActive && !blank(item.tip),
    required: isField && item.required,
    access: item.itemType === 'title' ? [] : profiles(item.access),
    comments,
    commentsLabel: comments && !blank(item.commentsLabel) ? (item.commentsLabel as string).trim() : null,
    commentsType: comments ? item.commentsType : 1,
    displayMode: isGrid ? GRID_CLUSTER_DISPLAY_MODE : 1,
    // Spec 3 §4: turning displayMark off clears the question's mark values.
    displayMark: marks,
    displayRadar: marks && item.displayRadar,
    maximalMark: marks ? item.maximalMark : null,
    valueList: keepsValues ? item.valueList.map((entry) => ({ value: entry.value.trim(), mark: marks ? entry.mark : null })) : [],
    // Spec 3 §4: turning openedQuestions off resets openedQuestionsType to 1.
    openedQuestions: opened,
    openedQuestionsAccess: opened ? profiles(item.openedQuestionsAccess) : [],
    openedQuestionsType: opened ? item.openedQuestionsType : 1,
  };
}

function checkValueList(item: EditorRow | EditorQuestion, key: string, errors: EditorError[]): void {
  if (item.valueList.length === 0) {
    errors.push({ field: `${key}.valueList`, message: EDITOR_MESSAGES.choicesMissing });
    return;
  }
  const seen = new Set<string>();
  item.valueList.forEach((entry, position) => {
    const value = entry.value.trim();
    if (value === '') errors.push({ field: `${key}.valueList.${position}.value`, message: EDITOR_MESSAGES.choiceEmpty });
    else if (seen.has(value)) errors.push({ field: `${key}.valueList.${position}.value`, message: EDITOR_MESSAGES.choiceDuplicate });
    seen.add(value);
  });
}

function checkRow(row: EditorRow, key: string, cluster: EditorQuestion, position: number, errors: EditorError[]): EditorRow {
  if (row.itemType !== 'field') errors.push({ field: `${key}.itemType`, message: EDITOR_MESSAGES.rowIsField });
  const grid = cluster.displayMode === GRID_CLUSTER_DISPLAY_MODE;
  // A grid row is answered with the cluster's columns: a unique choice without its own list.
  const shaped: EditorRow = grid ? { ...row, itemType: 'field', type: FIELD_TYPE.uniqueChoice, valueList: [], displayMark: false } : row;
  if (!EDITOR_FIELD_TYPES.includes(shaped.type)) errors.push({ field: `${key}.type`, message: EDITOR_MESSAGES.unknownType });
  // Rows inherit the cluster's access when they have none (spec 1 §3.4).
  if (shaped.access.length === 0 && cluster.access.length === 0)
    errors.push({ field: `${key}.access`, message: EDITOR_MESSAGES.accessMissing });
  if (!grid && CHOICE_FIELD_TYPES.includes(shaped.type)) checkValueList(shaped, key, errors);
  const title = blank(shaped.title) ? `Ligne ${position + 1}` : shaped.title.trim();
  return { ...normaliseItem(shaped, title), index: position, questions: [] };
}

function checkQuestion(item: EditorQuestion, key: string, position: number, errors: EditorError[]): EditorQuestion {
  const isCluster = item.itemType === 'cluster';
  if (!isCluster && item.questions.length > 0) errors.push({ field: `${key}.questions`, message: EDITOR_MESSAGES.rowsOnlyInClusters });
  let title = item.title.trim();
  if (title === '') {
    // Spec 3 §5: an empty cluster title falls back to a default label; fields and titles need one.
    if (isCluster) title = `Groupe de questions ${position + 1}`;
    else errors.push({ field: `${key}.title`, message: EDITOR_MESSAGES.titleMissing });
  }
  if (item.itemType !== 'title' && item.access.length === 0)
    errors.push({ field: `${key}.access`, message: EDITOR_MESSAGES.accessMissing });
  if (item.itemType === 'field') {
    if (!EDITOR_FIELD_TYPES.includes(item.type)) errors.push({ field: `${key}.type`, message: EDITOR_MESSAGES.unknownType });
    else if (CHOICE_FIELD_TYPES.includes(item.type)) checkValueList(item, key, errors);
  }
  const grid = isCluster && item.displayMode === GRID_CLUSTER_DISPLAY_MODE;
  if (grid) {
    checkValueList(item, key, errors);
    if (item.questions.length === 0) errors.push({ field: `${key}.questions`, message: EDITOR_MESSAGES.gridRowsMissing });
  }
  if (isCluster && item.openedQuestions && item.openedQuestionsAccess.length === 0) {
    errors.push({ field: `${key}.openedQuestionsAccess`, message: EDITOR_MESSAGES.openedAccessMissing });
  }
  const rows = isCluster ? item.questions.map((row, index) => checkRow(row, `${key}.questions.${index}`, item, index, errors)) : [];
  return { ...normaliseItem(item, title), index: position, questions: rows };
}

function checkSettings(body: QuestionnaireEditorBody, errors: EditorError[]): void {
  if (blank(body.title)) errors.push({ field: 'title', message: MESSAGES.required });
  if (body.category === null) errors.push({ field: 'category', message: MESSAGES.required });
  if (body.visibleBy.length === 0) errors.push({ field: 'visibleBy', message: MESSAGES.required });
  if (body.signedBy.length === 0) errors.push({ field: 'signedBy', message: MESSAGES.required });
  else if (body.signedBy.some((profile) => !body.visibleBy.includes(profile)))
    errors.push({ field: 'signedBy', message: EDITOR_MESSAGES.signerCannotView });
  if (body.allProfileDates) checkWindow(body.accessDates.all, 'accessDates.all', true, errors);
  else
    for (const profile of [1, 2, 3, 4] as const)
      checkWindow(body.accessDates[profile], `accessDates.${profile}`, body.signedBy.includes(profile), errors);
  if (body.useCrewDates) body.crews.forEach((crew, index) => checkWindow(crew, `crews.${index}`, false, errors));
  if (body.firstReminder && body.secondReminder && body.secondReminder < body.firstReminder)
    errors.push({ field: 'secondReminder', message: EDITOR_MESSAGES.secondBeforeFirst });
  if (body.useInterviewDate && body.interviewDateVisibleBy.length === 0)
    errors.push({ field: 'interviewDateVisibleBy', message: MESSAGES.required });
}

function checkDuplicateIds(questions: EditorQuestion[], errors: EditorError[]): void {
  const seen = new Set<number>();
  const visit = (item: EditorRow | EditorQuestion, key: string) => {
    if (item.id === null || item.id === INTERVIEW_DATE_ITEM_ID) return;
    if (seen.has(item.id)) errors.push({ field: `${key}.id`, message: EDITOR_MESSAGES.duplicateId });
    seen.add(item.id);
  };
  questions.forEach((item, index) => {
    visit(item, `questions.${index}`);
    item.questions.forEach((row, rowIndex) => visit(row, `questions.${index}.questions.${rowIndex}`));
  });
}

/**
 * Checks a parsed editor body and returns its errors with the model as it will be stored: profile
 * lists sorted without duplicates, indexes from the array order, default titles for empty cluster
 * and row titles, switched-off options cleared, the dates of the windows that apply only, and
 * without the interview date item (the settings carry it).
 */
export function checkQuestionnaireModel(body: QuestionnaireEditorBody): { errors: EditorError[]; model: QuestionnaireEditorBody } {
  const visibleBy = profiles(body.visibleBy);
  const signedBy = profiles(body.signedBy);
  const interviewDateVisibleBy = body.useInterviewDate ? profiles(body.interviewDateVisibleBy) : [];
  const normalised: QuestionnaireEditorBody = { ...body, visibleBy, signedBy, interviewDateVisibleBy };
  const errors: EditorError[] = [];
  checkSettings(normalised, errors);
  checkDuplicateIds(body.questions, errors);
  const kept = body.questions.map((item, index) => ({ item, index })).filter(({ item }) => !isInterviewDateItem(item));
  const questions = kept.map(({ item, index }, position) => checkQuestion(item, `questions.${index}`, position, errors));
  const dropProfile = (profile: 1 | 2 | 3 | 4) => (visibleBy.includes(profile) ? body.accessDates[profile] : null);
  const accessDates = body.allProfileDates
    ? { all: body.accessDates.all, 1: null, 2: null, 3: null, 4: null }
    : { all: null, 1: dropProfile(1), 2: dropProfile(2), 3: dropProfile(3), 4: dropProfile(4) };
  const model: QuestionnaireEditorBody = {
    ...normalised,
    title: body.title.trim(),
    marksVisibleBy: profiles(body.marksVisibleBy),
    canBeCopiedBy: profiles(body.canBeCopiedBy),
    accessDates,
    crews: body.useCrewDates ? body.crews : body.crews.map((crew) => ({ ...crew, startDate: null, endDate: null })),
    interviewDateLabel: body.useInterviewDate
      ? blank(body.interviewDateLabel)
        ? DEFAULT_INTERVIEW_DATE_LABEL
        : (body.interviewDateLabel as string).trim()
      : null,
    questions,
  };
  return { errors, model };
}

/** What a question item holds before anything is set: no tip, no comments, no marks, no options. */
export const BLANK_ITEM_ATTRIBUTES: Omit<EditorRow, 'id' | 'index' | 'itemType' | 'title' | 'type' | 'questions'> = {
  tip: null,
  tipActive: false,
  required: false,
  enabled: true,
  access: [],
  comments: false,
  commentsLabel: null,
  commentsType: 1,
  displayMode: 1,
  displayMark: false,
  displayRadar: false,
  maximalMark: null,
  valueList: [],
  openedQuestions: false,
  openedQuestionsAccess: [],
  openedQuestionsType: 1,
};

/** The interview date item the editor model and the questionnaire view show when the questionnaire uses one (spec 3 §3). */
export function interviewDateItem(settings: { interviewDateLabel: string | null; interviewDateVisibleBy: number[] }): EditorQuestion {
  return {
    ...BLANK_ITEM_ATTRIBUTES,
    id: INTERVIEW_DATE_ITEM_ID,
    index: INTERVIEW_DATE_ORDER_INDEX,
    itemType: 'field',
    title: settings.interviewDateLabel ?? DEFAULT_INTERVIEW_DATE_LABEL,
    type: FIELD_TYPE.date,
    required: true,
    access: settings.interviewDateVisibleBy,
    questions: [],
  };
}
