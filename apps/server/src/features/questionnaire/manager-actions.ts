import { MESSAGES, PROFILE, REPLY_STATUS, type ManagerActionResponse } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { occupiedProfiles } from '../../services/triad-access.js';
import { logBackOfficeWrite } from '../../services/history.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { crewDatesOf, loadQuestionnaireContext } from './context.js';
import {
  cancelSignatures,
  findCourseRelations,
  listCourseQuestionnaires,
  listCourseTriads,
  listQuestionnaireLinks,
  lockExistingReply,
  lockQuestionnaireReplies,
  unlockReplies,
  updateReply,
} from './queries.js';
import { appliesToTriad, canUnlock, effectiveWindow, isSigned, parisDate, replyIcon } from './rules.js';
import { windowOf } from './status.js';
import { textRef } from '../../texts/index.js';

export const MANAGER_MESSAGES = {
  notEnded: (endDate: string | null) =>
    endDate === null
      ? textRef('questionnaire.noEndDate')
      : textRef('questionnaire.notEnded', { endDate: endDate.split('-').reverse().join('/') }),
  notSigned: textRef('questionnaire.notSigned'),
};

type ReplyIds = { triadId: number; questionnaireId: number; profile: number };

/** Managers of the triad's course and administrators only; anyone else 403 (after the 404 checks). */
async function loadForManager(db: DbOrTx, caller: Caller, ids: ReplyIds, now: Date) {
  const context = await loadQuestionnaireContext(db, caller, ids, { now, requireVisible: false });
  if (!context.access.canManage) throw forbidden();
  return context;
}

/**
 * GET /app/questionnaire/unlock/{triadId}/{questionnaireId}?profile=: reopens a reply whose
 * window's end has passed (creating the reply when the profile never wrote). Repeating it is harmless.
 */
export async function unlockReply(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  ids: ReplyIds,
  now = new Date(),
): Promise<ManagerActionResponse> {
  const context = await loadForManager(db, caller, ids, now);
  const window = windowOf(context, ids.profile);
  const key = { questionnaireId: context.questionnaire.id, triadId: context.access.triad.id, profile: ids.profile };
  return db.transaction(async (tx) => {
    const reply = await lockExistingReply(tx, key);
    if (isSigned(reply)) throw conflict(MESSAGES.alreadySigned);
    if (reply?.unlockedAt) return { success: true, icon: 'lock-open' };
    if (!canUnlock(window, reply, context.today)) throw conflict(MANAGER_MESSAGES.notEnded(window.endDate));
    await unlockReplies(tx, { existingIds: reply ? [reply.id] : [], missing: reply ? [] : [key], userId: caller.userId, at: now });
    await logBackOfficeWrite(tx, caller, meta, {
      action: 'questionnaire.unlock',
      entity: 'questionnaire',
      entityId: key.questionnaireId,
      details: key,
    });
    return { success: true, icon: 'lock-open' };
  });
}

/**
 * PUT /app/questionnaire/cancel-signature/{triadId}/{questionnaireId}?profile=: the reply goes back
 * to a shared draft, its signature row is marked cancelled (kept for the audit trail).
 */
export async function cancelSignature(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  ids: ReplyIds,
  now = new Date(),
): Promise<ManagerActionResponse> {
  const context = await loadForManager(db, caller, ids, now);
  const key = { questionnaireId: context.questionnaire.id, triadId: context.access.triad.id, profile: ids.profile };
  return db.transaction(async (tx) => {
    const reply = await lockExistingReply(tx, key);
    if (!reply || !isSigned(reply)) throw conflict(MANAGER_MESSAGES.notSigned);
    const updated = await updateReply(tx, reply.id, { status: REPLY_STATUS.sharedDraft, signedAt: null, version: reply.version + 1 });
    await cancelSignatures(tx, reply.id, caller.userId, now);
    await logBackOfficeWrite(tx, caller, meta, { action: 'questionnaire.cancel-signature', entity: 'reply', entityId: reply.id });
    return { success: true, icon: replyIcon(context.questionnaire, windowOf(context, ids.profile), updated, context.today) };
  });
}

const NON_MANAGER_PROFILES = [PROFILE.apprentice, PROFILE.tutor, PROFILE.apprenticeMaster];

/**
 * GET /app/lea-manager/{course}/unlock-all/{questionnaireId}: every reply of profiles 1–3, in every
 * triad of the course the questionnaire applies to, that is locked after its window's end becomes
 * unlocked, in one transaction.
 */
export async function unlockAllReplies(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  ids: { courseId: number; questionnaireId: number },
  now = new Date(),
): Promise<ManagerActionResponse> {
  const course = await findCourseRelations(db, { courseId: ids.courseId, platformId: caller.platformId, userId: caller.userId });
  if (!course) throw notFound(textRef('common.courseNotFound'));
  if (!course.onPlatform || !(course.isManager || caller.admin)) throw forbidden();
  const [found] = await listCourseQuestionnaires(db, { courseId: course.id, questionnaireId: ids.questionnaireId });
  if (!found) throw notFound(textRef('questionnaire.notFound'));
  const { questionnaire } = found;
  const [links, courseTriads] = await Promise.all([listQuestionnaireLinks(db, [questionnaire.id]), listCourseTriads(db, course.id)]);
  const targets = courseTriads.filter((triad) =>
    appliesToTriad({ crewIds: links.crews.map((crew) => crew.crewId), triadIds: links.triads.map((row) => row.triadId) }, triad),
  );
  const today = parisDate(now);
  return db.transaction(async (tx) => {
    const replies = await lockQuestionnaireReplies(tx, questionnaire.id);
    const existingIds: number[] = [];
    const missing: { questionnaireId: number; triadId: number; profile: number }[] = [];
    for (const triad of targets) {
      const crewDates = crewDatesOf(links.crews, questionnaire.id, triad.crewId);
      for (const profile of NON_MANAGER_PROFILES.filter((each) => occupiedProfiles(triad).includes(each))) {
        const window = effectiveWindow(questionnaire, profile, crewDates);
        const reply = replies.find((row) => row.triadId === triad.id && row.profile === profile) ?? null;
        if (!canUnlock(window, reply, today)) continue;
        if (reply) existingIds.push(reply.id);
        else missing.push({ questionnaireId: questionnaire.id, triadId: triad.id, profile });
      }
    }
    await unlockReplies(tx, { existingIds, missing, userId: caller.userId, at: now });
    const count = existingIds.length + missing.length;
    await logBackOfficeWrite(tx, caller, meta, {
      action: 'questionnaire.unlock-all',
      entity: 'questionnaire',
      entityId: questionnaire.id,
      details: { count },
    });
    return { success: true, count };
  });
}
