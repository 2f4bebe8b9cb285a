import {
  checkQuestionnaireModel,
  EDITOR_MESSAGES,
  type EditorError,
  type EditorQuestion,
  type EditorRow,
  type QuestionnaireEditorBody,
  type QuestionnaireSaveResponse,
} from '@lea/shared';
import type { Db, Tx } from '../../db/client.js';
import type { AccessDates, questions } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { AppError, notFound } from '../../http/errors.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { logBackOfficeWrite } from '../../services/history.js';
import type { CacheBus } from '../../services/shared-cache.js';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { loadEditorModel } from './model.js';
import {
  deleteDraftAnswers,
  deleteQuestions,
  insertQuestion,
  insertQuestionnaire,
  listAllQuestions,
  listCourseReferences,
  listSignedAnswers,
  lockQuestionnaire,
  replaceLinks,
  updateQuestion,
  updateQuestionnaire,
  type QuestionnaireRow,
} from './queries.js';
import { checkItemIds, checkReferences, deletionSet, keyedItems, retypedIds, SAVE_MESSAGES, signedAnswerRefusal } from './save-checks.js';
import { textRef } from '../../texts/index.js';
import { checkSkillLinks, writeSkillLinks } from '../../services/skill-session-links.js';

/** The answer of a save refused on its fields: HTTP 200, nothing written (spec 3 §8 save_error). */
function invalid(errors: EditorError[]): QuestionnaireSaveResponse {
  const onQuestions = errors.some((error) => error.field.startsWith('questions.'));
  return {
    hasError: true,
    message: onQuestions ? EDITOR_MESSAGES.questionsInvalid : EDITOR_MESSAGES.invalid,
    responses: [{ validationErrors: errors }],
  };
}

/** The questionnaire's columns from the normalised model. */
function questionnaireValues(model: QuestionnaireEditorBody, before: QuestionnaireRow | null) {
  const accessDates: AccessDates = {
    all: model.accessDates.all,
    1: model.accessDates[1],
    2: model.accessDates[2],
    3: model.accessDates[3],
    4: model.accessDates[4],
  };
  return {
    categoryId: model.category?.id ?? null,
    year: model.year,
    title: model.title,
    code: model.code,
    description: model.description && sanitizeHtml(model.description),
    descriptionPdf: model.descriptionPdf && sanitizeHtml(model.descriptionPdf),
    message: model.message,
    active: model.active,
    locked: model.locked,
    visibleBy: model.visibleBy,
    signedBy: model.signedBy,
    marksVisibleBy: model.marksVisibleBy,
    canBeCopiedBy: model.canBeCopiedBy,
    accessDates,
    useCrewDates: model.useCrewDates,
    completenessDate: model.completenessDate,
    firstReminder: model.firstReminder,
    secondReminder: model.secondReminder,
    // A new reminder date sends again (decision 016): the claim is on the date it was sent for.
    firstReminderSentAt: before && before.firstReminder === model.firstReminder ? before.firstReminderSentAt : null,
    secondReminderSentAt: before && before.secondReminder === model.secondReminder ? before.secondReminderSentAt : null,
    useComments: model.useComments,
    useInterviewDate: model.useInterviewDate,
    interviewDateLabel: model.interviewDateLabel,
    interviewDateVisibleBy: model.interviewDateVisibleBy,
    markAutomatic: model.markAutomatic,
    markMaximum: model.markMaximum,
    secondaryQuestionnaireIds: [...new Set(model.secondaryQuestionnaires.map((entry) => entry.id))],
  };
}

function itemValues(item: EditorQuestion | EditorRow, questionnaireId: number, parentId: number | null): typeof questions.$inferInsert {
  return {
    questionnaireId,
    parentId,
    triadId: null,
    index: item.index,
    itemType: item.itemType,
    title: item.title,
    type: item.type,
    tip: item.tip,
    tipActive: item.tipActive,
    required: item.required,
    enabled: item.enabled,
    access: item.access,
    comments: item.comments,
    commentsLabel: item.commentsLabel,
    commentsType: item.commentsType,
    displayMode: item.displayMode,
    displayMark: item.displayMark,
    displayRadar: item.displayRadar,
    maximalMark: item.maximalMark,
    valueList: item.valueList,
    openedQuestions: item.openedQuestions,
    openedQuestionsAccess: item.openedQuestionsAccess,
    openedQuestionsType: item.openedQuestionsType,
  };
}

async function writeItem(tx: Tx, item: EditorQuestion | EditorRow, questionnaireId: number, parentId: number | null): Promise<number> {
  const values = itemValues(item, questionnaireId, parentId);
  if (item.id === null) return insertQuestion(tx, values);
  await updateQuestion(tx, item.id, values);
  return item.id;
}

/** Items in tree order: a cluster is written before its rows, which need its id. Returns each item with its id. */
async function writeTree(tx: Tx, model: QuestionnaireEditorBody, questionnaireId: number) {
  const saved: { item: EditorQuestion | EditorRow; id: number }[] = [];
  for (const item of model.questions) {
    const id = await writeItem(tx, item, questionnaireId, null);
    saved.push({ item, id });
    for (const row of item.questions) saved.push({ item: row, id: await writeItem(tx, row, questionnaireId, id) });
  }
  return saved;
}

/** `skillSession`: the skill session the questionnaire was generated from (its fields' `fieldSkills` are written), else null. */
type SaveParams = { courseId: number; questionnaireId: number | null; skillSession?: number | null };

/**
 * POST …/questionnaire (create) and PUT …/questionnaire/{id} (save): the rules of spec 3 §5, the
 * course's references, then — for a saved questionnaire with signed replies — what its signed
 * answers forbid, and the whole write in one transaction around the locked questionnaire row.
 */
export async function saveQuestionnaire(
  db: Db,
  caller: Caller,
  meta: WriteMeta,
  params: SaveParams,
  body: QuestionnaireEditorBody,
  cache: CacheBus,
): Promise<QuestionnaireSaveResponse> {
  const course = await resolveManagedCourse(db, caller, params.courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'edit' });
  const { errors, model } = checkQuestionnaireModel(body);
  errors.push(...checkReferences(model, await listCourseReferences(db, course.id), params.questionnaireId));
  if (params.skillSession != null) errors.push(...(await checkSkillLinks(db, course.id, params.skillSession, body, meta.locale)));
  if (errors.length > 0) return invalid(errors);
  const keyed = keyedItems(body, model);
  const outcome = await db.transaction(async (tx): Promise<{ errors: EditorError[] } | { id: number }> => {
    const before = params.questionnaireId === null ? null : await lockQuestionnaire(tx, course.id, params.questionnaireId);
    if (params.questionnaireId !== null && !before) throw notFound(textRef('questionnaire.notFound'));
    const stored = before ? await listAllQuestions(tx, before.id) : [];
    const idErrors = checkItemIds(keyed, model.deletedQuestions, stored);
    if (idErrors.length > 0) return { errors: idErrors };
    const toDelete = deletionSet(model.deletedQuestions, stored);
    if (before) {
      const refusal = signedAnswerRefusal(keyed, toDelete, stored, await listSignedAnswers(tx, before.id));
      if (refusal) throw new AppError(409, refusal.message, [refusal]);
    }
    const values = questionnaireValues(model, before);
    let id: number;
    if (before) {
      id = before.id;
      await updateQuestionnaire(tx, id, values);
    } else {
      id = (await insertQuestionnaire(tx, { ...values, trainingCourseId: course.id })).id;
    }
    await replaceLinks(tx, id, model);
    await deleteQuestions(tx, [...toDelete.keys()]);
    await deleteDraftAnswers(tx, retypedIds(keyed, stored));
    const saved = await writeTree(tx, model, id);
    // The questionnaire views keep its tree (features/questionnaire/context-query.ts): every process forgets it at commit.
    await cache.changed('questionnaire', id, tx);
    const skillLinks = params.skillSession != null ? await writeSkillLinks(tx, saved) : 0;
    await logBackOfficeWrite(tx, caller, meta, {
      entity: 'questionnaire',
      action: before ? 'questionnaire-editor.save' : 'questionnaire-editor.create',
      entityId: id,
      ...(params.skillSession != null ? { details: { skillSession: params.skillSession, skillLinks } } : {}),
    });
    return { id };
  });
  if ('errors' in outcome) return invalid(outcome.errors);
  const saved = await loadEditorModel(db, course.id, outcome.id, meta.locale);
  return { hasError: false, message: SAVE_MESSAGES.saved, responses: [{ object: saved }] };
}
