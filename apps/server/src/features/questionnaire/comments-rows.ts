import { MESSAGES, REPLY_STATUS, type Answer, type QuestionItem } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { loadQuestionnaireContext } from './context.js';
import { findAnswer, findUserName, insertAnswerComment, insertQuestion, lockExistingReply, type QuestionRow } from './queries.js';
import { canReadReply } from './rules.js';
import { logImpersonatedWrite } from '../../services/history.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { SAVE_MESSAGES } from './save-checks.js';
import { isProfileOpen } from './status.js';
import { questionItemOf } from './view.js';
import { textRef } from '../../texts/index.js';

type Ids = { triadId: number; questionnaireId: number; profile?: number | undefined };

/**
 * POST add-comment: a triad member with a profile who can read the answer comments it, when the
 * questionnaire uses comments. An answer the caller may not read is answered 404, like an unknown one.
 */
export async function addAnswerComment(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  ids: Ids & { answerId: number },
  comment: string,
): Promise<Answer['answerComments'][number]> {
  const context = await loadQuestionnaireContext(db, caller, ids, { profile: ids.profile });
  if (!context.questionnaire.useComments) throw forbidden(textRef('questionnaire.commentsUnused'));
  if (context.profile === null) throw forbidden();
  const found = await findAnswer(db, ids.answerId);
  const ours = found && found.reply.questionnaireId === context.questionnaire.id && found.reply.triadId === context.access.triad.id;
  if (!found || !ours || !canReadReply(found.reply, context.profile, caller.userId)) throw notFound(textRef('questionnaire.replyNotFound'));
  const profile = context.profile;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertAnswerComment(tx, {
      answerId: found.answer.id,
      userId: caller.userId,
      writerProfile: profile,
      value: comment,
    });
    await logImpersonatedWrite(tx, caller, meta, { action: 'questionnaire.comment', entity: 'answer_comment', entityId: inserted.id });
    return inserted;
  });
  return {
    id: row.id,
    user: { fullName: (await findUserName(db, caller.userId)) ?? '' },
    writerProfile: profile as Answer['writerProfile'],
    value: row.value,
    date: row.createdAt.toISOString(),
  };
}

/** A row the triad added, as the view shows it before anyone answered it. */
function newRowItem(row: QuestionRow): QuestionItem {
  return questionItemOf(row, {
    access: row.access as QuestionItem['access'],
    valueList: row.valueList,
    questions: [],
    userAnswer: null,
    answers: [],
    writable: true,
  });
}

/** openedQuestionsType 1 adds short-text rows (type 0), 2 long-text rows (type 1). */
const ROW_TYPE_OF_OPENED: Record<number, number> = { 1: 0, 2: 1 };

/**
 * POST add-row: a profile of the cluster's openedQuestionsAccess adds a row to an open cluster,
 * for this triad only, while its reply is open and not signed.
 */
export async function addClusterRow(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  ids: Ids & { clusterId: number },
): Promise<QuestionItem> {
  const context = await loadQuestionnaireContext(db, caller, ids, { profile: ids.profile });
  const cluster = context.items.find((item) => item.id === ids.clusterId && item.itemType === 'cluster' && item.parentId === null);
  if (!cluster) throw notFound(textRef('questionnaire.blockNotFound'));
  const profile = context.profile;
  if (!cluster.openedQuestions || profile === null || !cluster.openedQuestionsAccess.includes(profile)) throw forbidden();
  return db.transaction(async (tx) => {
    const reply = await lockExistingReply(tx, { questionnaireId: context.questionnaire.id, triadId: context.access.triad.id, profile });
    if (reply?.status === REPLY_STATUS.signed) throw conflict(MESSAGES.alreadySigned);
    if (reply) context.replies.set(profile, reply);
    if (!isProfileOpen(context, profile)) throw forbidden(SAVE_MESSAGES.closed);
    const siblings = context.items.filter((item) => item.parentId === cluster.id);
    const row = await insertQuestion(tx, {
      questionnaireId: context.questionnaire.id,
      parentId: cluster.id,
      triadId: context.access.triad.id,
      index: Math.max(0, ...siblings.map((item) => item.index)) + 1,
      itemType: 'field',
      // Spec 3 §5: an empty row title falls back to a default label (and the row keeps a name for screen readers).
      title: `Ligne ${siblings.length + 1}`,
      type: ROW_TYPE_OF_OPENED[cluster.openedQuestionsType] ?? 0,
      access: cluster.openedQuestionsAccess,
      enabled: true,
      required: false,
    });
    await logImpersonatedWrite(tx, caller, meta, { action: 'questionnaire.add-row', entity: 'question', entityId: row.id });
    return newRowItem(row);
  });
}
