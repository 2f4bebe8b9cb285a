import type { GenericActionResponse, QuestionnaireActiveResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import { resolveManagedCourse } from '../../services/managed-course.js';
import { logBackOfficeWrite } from '../../services/history.js';
import type { CacheBus } from '../../services/shared-cache.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { canCopy } from './list.js';
import {
  deleteQuestionnaireRows,
  insertQuestion,
  insertQuestionnaire,
  listLinks,
  listSignedQuestionnaireIds,
  listTemplateQuestions,
  lockQuestionnaire,
  replaceLinks,
  updateQuestionnaire,
} from './queries.js';
import { frenchTexts, textRef } from '../../texts/index.js';

export const ACTION_MESSAGES = frenchTexts('questionnaireEditor');

const done = (message: string, id?: number): GenericActionResponse => ({
  success: true,
  hasError: false,
  message,
  detail: [{ message }],
  ...(id === undefined ? {} : { id }),
});
const refused = (message: string): GenericActionResponse => ({ success: false, hasError: true, message, detail: [{ message }] });

type Ids = { courseId: number; questionnaireId: number };

/**
 * POST …/questionnaire/copy/{id}: an inactive copy with the same settings, crews, triads and
 * question tree (not the rows triads added, nor reminders already sent), in one transaction.
 */
export async function copyQuestionnaire(db: Db, caller: Caller, meta: WriteMeta, ids: Ids): Promise<GenericActionResponse> {
  const course = await resolveManagedCourse(db, caller, ids.courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'edit' });
  const id = await db.transaction(async (tx) => {
    const source = await lockQuestionnaire(tx, course.id, ids.questionnaireId);
    if (!source) throw notFound(textRef('questionnaire.notFound'));
    if (!canCopy(source, caller)) throw forbidden(ACTION_MESSAGES.cannotCopy);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = source;
    const copy = await insertQuestionnaire(tx, {
      ...values,
      title: `${source.title.slice(0, 255 - ACTION_MESSAGES.copySuffix.length)}${ACTION_MESSAGES.copySuffix}`,
      active: false,
      firstReminderSentAt: null,
      secondReminderSentAt: null,
    });
    const links = await listLinks(tx, source.id);
    await replaceLinks(tx, copy.id, links);
    const items = await listTemplateQuestions(tx, [source.id]);
    const newIds = new Map<number, number>();
    // Top-level items first: rows need their cluster's new id.
    for (const item of [...items.filter((row) => row.parentId === null), ...items.filter((row) => row.parentId !== null)]) {
      const { id: oldId, createdAt: _created, ...row } = item;
      const parentId = item.parentId === null ? null : (newIds.get(item.parentId) ?? null);
      newIds.set(oldId, await insertQuestion(tx, { ...row, questionnaireId: copy.id, parentId }));
    }
    await logBackOfficeWrite(tx, caller, meta, {
      entity: 'questionnaire',
      action: 'questionnaire-editor.copy',
      entityId: copy.id,
      details: { from: source.id },
    });
    return copy.id;
  });
  return done(ACTION_MESSAGES.copied, id);
}

/** DELETE …/questionnaire/delete/{id}: refused while a reply is signed; otherwise with its replies. */
export async function deleteQuestionnaire(
  db: Db,
  caller: Caller,
  meta: WriteMeta,
  ids: Ids,
  cache: CacheBus,
): Promise<GenericActionResponse> {
  const course = await resolveManagedCourse(db, caller, ids.courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'delete' });
  return db.transaction(async (tx) => {
    const questionnaire = await lockQuestionnaire(tx, course.id, ids.questionnaireId);
    if (!questionnaire) throw notFound(textRef('questionnaire.notFound'));
    if ((await listSignedQuestionnaireIds(tx, [questionnaire.id])).size > 0) return refused(ACTION_MESSAGES.signed);
    await deleteQuestionnaireRows(tx, questionnaire.id);
    await cache.changed('questionnaire', questionnaire.id, tx);
    await logBackOfficeWrite(tx, caller, meta, {
      entity: 'questionnaire',
      action: 'questionnaire-editor.delete',
      entityId: questionnaire.id,
      details: { title: questionnaire.title },
    });
    return done(ACTION_MESSAGES.deleted);
  });
}

/** PUT …/questionnaire/active/{id}: toggles whether triads see it. */
export async function toggleQuestionnaireActive(db: Db, caller: Caller, meta: WriteMeta, ids: Ids): Promise<QuestionnaireActiveResponse> {
  const course = await resolveManagedCourse(db, caller, ids.courseId, { access: 'MODULE_LEA_QUESTIONNAIRE', need: 'edit' });
  return db.transaction(async (tx) => {
    const questionnaire = await lockQuestionnaire(tx, course.id, ids.questionnaireId);
    if (!questionnaire) throw notFound(textRef('questionnaire.notFound'));
    const active = !questionnaire.active;
    await updateQuestionnaire(tx, questionnaire.id, { active });
    await logBackOfficeWrite(tx, caller, meta, {
      entity: 'questionnaire',
      action: 'questionnaire-editor.active',
      entityId: questionnaire.id,
      details: { active },
    });
    return { success: true, active };
  });
}
