import { MESSAGES, REPLY_STATUS, type SaveReplyRequest, type SaveReplyResponse } from '@lea/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { conflict, forbidden } from '../../http/errors.js';
import { titleOf } from '../../services/profile-titles.js';
import type { CacheBus } from '../../services/shared-cache.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { logImpersonatedWrite } from '../../services/history.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { validateCompletion, type ValidationError } from './answer-values.js';
import { loadQuestionnaireContext, type QuestionnaireContext } from './context.js';
import {
  deleteAnswers,
  insertSignature,
  listAnswers,
  listReplies,
  lockReply,
  updateReply,
  upsertAnswers,
  type ReplyRow,
} from './queries.js';
import { answerMark, hasFieldsFor, marksVisible, replyMarks, signingBlockers } from './rules.js';
import { prepareAnswers, replyDigest, resolveFileAnswers, SAVE_MESSAGES, type PreparedAnswer } from './save-checks.js';
import { saveDraftAtOnce } from './save-draft-at-once.js';
import { isProfileOpen } from './status.js';
import { toReplySummary } from './view.js';
import { textRef, type TextRef } from '../../texts/index.js';

/**
 * The waiting signers, named in the reader's locale with the platform's titles: the error is
 * rendered when the answer is sent (http/error-handler.ts gives the request's titles).
 */
function signingOrderMessage(blockers: number[]): TextRef {
  return textRef('questionnaire.signingOrder', {
    profiles: (_locale, titles) => blockers.map((profile) => titleOf(titles, profile, 'titleWithArticle')).join(', '),
  });
}

/** Thrown inside the transaction to roll it back and answer `hasError` with the field errors. */
class CompletionErrors extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('completion errors');
  }
}

type StoredAnswer = Awaited<ReturnType<typeof listAnswers>>[number];

/** Writes the prepared answers over the `stored` ones; answers the reply's answers as they now are. */
async function writeAnswers(tx: Tx, reply: ReplyRow, prepared: PreparedAnswer[], stored: StoredAnswer[]): Promise<StoredAnswer[]> {
  const deleted = prepared.filter((answer) => answer.value === null).map((answer) => answer.question.id);
  await deleteAnswers(tx, reply.id, deleted);
  const written = await upsertAnswers(
    tx,
    prepared
      .filter((entry) => entry.value !== null)
      .map((answer) => ({
        replyId: reply.id,
        questionId: answer.question.id,
        value: answer.value,
        fileId: answer.fileId,
        answerComment: answer.answerComment ?? null,
        mark: answerMark(answer.question, answer.value),
      })),
  );
  const after = new Map(stored.map((row) => [row.questionId, row]));
  for (const questionId of deleted) after.delete(questionId);
  for (const row of written) after.set(row.questionId, row);
  return [...after.values()];
}

/**
 * A retried save: the client lost the answer of a save that did go through (a network cut) and
 * sends it again with the version it had. Same user, the version right after the one sent, the
 * mode already reached, the interview date and every answer already stored as sent: it is answered
 * like the save it repeats and changes nothing. Anything else with an old version stays a 409.
 */
function isRepeatOfLastSave(
  reply: ReplyRow,
  body: SaveReplyRequest,
  caller: Caller,
  stored: StoredAnswer[],
  prepared: PreparedAnswer[],
): boolean {
  if (reply.version !== body.version + 1 || reply.writerUserId !== caller.userId) return false;
  if (reply.status < body.draft || (body.draft === REPLY_STATUS.signed) !== (reply.status === REPLY_STATUS.signed)) return false;
  if (body.interviewDate !== undefined && body.interviewDate !== reply.interviewDate) return false;
  const byQuestion = new Map(stored.map((row) => [row.questionId, row]));
  return prepared.every((answer) => {
    const row = byQuestion.get(answer.question.id);
    if (answer.value === null) return row === undefined;
    return (
      row !== undefined &&
      JSON.stringify(row.value) === JSON.stringify(answer.value) &&
      row.answerComment === (answer.answerComment ?? null)
    );
  });
}

function checkSigning(
  context: QuestionnaireContext,
  profile: number,
  storedValues: Map<number, unknown>,
  interviewDate: string | null,
): void {
  const { questionnaire } = context;
  if (!questionnaire.signedBy.includes(profile)) throw forbidden(SAVE_MESSAGES.notSigner);
  const errors = validateCompletion(context.questions, profile, storedValues, {
    required: questionnaire.useInterviewDate && questionnaire.interviewDateVisibleBy.includes(profile),
    value: interviewDate,
  });
  if (errors.length > 0) throw new CompletionErrors(errors);
  const blockers = signingBlockers(profile, {
    signedBy: questionnaire.signedBy,
    presentProfiles: context.present,
    useComments: questionnaire.useComments,
    statusOf: (other) => context.replies.get(other)?.status ?? null,
    hasFields: (other) => hasFieldsFor(context.questions, other),
  });
  if (blockers.length > 0) throw conflict(signingOrderMessage(blockers));
}

/**
 * PUT /app/questionnaire/save/{triad}/{questionnaire}: one transaction around the locked reply.
 * Signed → 409; stale version → 409; closed window → 403; mode 3 validates and checks the
 * signing order, then stores the signature with its audit row.
 */
export async function saveReply(
  db: Db,
  caller: Caller,
  meta: RequestMeta,
  params: { triadId: number; questionnaireId: number },
  body: SaveReplyRequest,
  now = new Date(),
  cache?: CacheBus,
): Promise<SaveReplyResponse> {
  const context = await loadQuestionnaireContext(db, caller, params, { profile: body.profile, now, cache });
  const profile = body.profile;
  const prepared = prepareAnswers(context, profile, body);
  const writerName = context.callerName;
  const summary = (reply: ReplyRow): SaveReplyResponse => ({
    hasError: false,
    responses: [{ object: toReplySummary(reply, writerName, marksVisible(context.questionnaire, profile)) }],
  });
  // The everyday private draft: one statement, when it needs nothing the transaction below does.
  const quick = await saveDraftAtOnce(db, context, meta, body, prepared, now);
  if (quick) return summary(quick);
  try {
    const saved = await db.transaction(async (tx) => {
      // A private draft does not wait for its commit to reach the disk (issue 18, docs/performance.md): a
      // crash of the database may lose the last fraction of a second of drafts, never a shared draft nor
      // a signature, and never half of a save.
      if (body.draft === REPLY_STATUS.draft) await tx.execute(sql`set local synchronous_commit = off`);
      const reply = await lockReply(tx, { questionnaireId: context.questionnaire.id, triadId: context.access.triad.id, profile });
      const stored = await listAnswers(tx, [reply.id]);
      if (reply.version === body.version + 1 && isRepeatOfLastSave(reply, body, caller, stored, prepared)) return reply;
      if (reply.status === REPLY_STATUS.signed) throw conflict(MESSAGES.alreadySigned);
      if (reply.version !== body.version) throw conflict(SAVE_MESSAGES.stale);
      context.replies.set(profile, reply);
      if (!isProfileOpen(context, profile)) throw forbidden(SAVE_MESSAGES.closed);
      await resolveFileAnswers(tx, prepared, caller, new Map(stored.map((row) => [row.questionId, row.fileId])));
      const answers = await writeAnswers(tx, reply, prepared, stored);
      const interviewDate = body.interviewDate === undefined ? reply.interviewDate : body.interviewDate;
      if (body.draft === REPLY_STATUS.signed) {
        // The other profiles' statuses as committed now, not as read before the lock.
        for (const row of await listReplies(tx, { triadId: context.access.triad.id, questionnaireIds: [context.questionnaire.id] })) {
          if (row.reply.profile !== profile) context.replies.set(row.reply.profile, row.reply);
        }
        checkSigning(context, profile, new Map(answers.map((row) => [row.questionId, row.value])), interviewDate);
      }
      const totals = replyMarks(context.questions, profile, new Map(answers.map((row) => [row.questionId, row.mark])));
      const updated = await updateReply(tx, reply.id, {
        status: Math.max(reply.status, body.draft),
        version: reply.version + 1,
        writerUserId: caller.userId,
        interviewDate,
        totalMark: totals?.mark ?? null,
        maximalMark: totals?.maximalMark ?? null,
        signedAt: body.draft === REPLY_STATUS.signed ? now : null,
      });
      if (body.draft === REPLY_STATUS.signed) {
        const digest = replyDigest({
          questionnaireId: context.questionnaire.id,
          triadId: context.access.triad.id,
          profile,
          interviewDate,
          answers: answers.map((row) => ({ questionId: row.questionId, value: row.value, answerComment: row.answerComment })),
        });
        await insertSignature(tx, {
          replyId: reply.id,
          signedAt: now,
          userId: caller.userId,
          impersonatorId: meta.impersonatorId,
          method: meta.signInMethod ?? 'password',
          ip: meta.ip?.slice(0, 64) ?? null,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
          digest,
        });
        // The dashboard's timeline (spec 2 §2): who signed which questionnaire, with the signature.
        await recordUserTimeline(tx, {
          triadId: context.access.triad.id,
          className: 'questionnaire',
          titlePart2: context.questionnaire.title,
          userId: caller.userId,
          at: now,
        });
      }
      await logImpersonatedWrite(tx, caller, meta, {
        action: body.draft === REPLY_STATUS.signed ? 'questionnaire.sign' : 'questionnaire.save',
        entity: 'reply',
        entityId: reply.id,
        details: { questionnaireId: context.questionnaire.id, triadId: context.access.triad.id, profile, draft: body.draft },
      });
      return updated;
    });
    return summary(saved);
  } catch (error) {
    if (error instanceof CompletionErrors) {
      return { hasError: true, message: MESSAGES.required, responses: [{ validationErrors: error.errors }] };
    }
    throw error;
  }
}
