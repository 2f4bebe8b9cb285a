import {
  MESSAGES,
  PAPER_SIGNATURE_PROFILES,
  PROFILE,
  REPLY_STATUS,
  type ManagerActionResponse,
  type PaperSignatureRequest,
} from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import type { RequestMeta } from '../../http/write-meta.js';
import { logBackOfficeWrite } from '../../services/history.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { textRef } from '../../texts/index.js';
import { loadQuestionnaireContext } from './context.js';
import { findPlatformFiles, insertSignature, listAnswers, lockReply, updateReply } from './queries.js';
import { isSigned, parisDate, replyIcon } from './rules.js';
import { replyDigest } from './save-checks.js';
import { windowOf } from './status.js';

/** What a scan or a photo of a signed page may be. */
const PAPER_FILE = /\.(pdf|jpe?g|png|webp)$/i;

type ReplyIds = { triadId: number; questionnaireId: number; profile: number };
type Triad = { tutorId: number | null; tutor2Id: number | null; apprenticeMasterId: number | null; apprenticeMaster2Id: number | null };

/** The person whose signature the page carries: the triad's (first, else second) tutor or master. */
function signerOf(triad: Triad, profile: number): number | null {
  if (profile === PROFILE.tutor) return triad.tutorId ?? triad.tutor2Id;
  if (profile === PROFILE.apprenticeMaster) return triad.apprenticeMasterId ?? triad.apprenticeMaster2Id;
  return null;
}

/**
 * POST /app/questionnaire/paper-signature/{triadId}/{questionnaireId}?profile= (issue 20 §3): a
 * manager of the triad's course (or an administrator) records that the tutor or the master signed
 * the printed questionnaire. The reply counts as signed by that profile from then on, whatever its
 * answers in the portal (the page holds them); its signature row says 'paper', with the scan, the day
 * written on the page and who recorded it, and is cancelled like any other (cancel-signature).
 */
export async function recordPaperSignature(
  db: DbOrTx,
  caller: Caller,
  meta: RequestMeta,
  ids: ReplyIds,
  body: PaperSignatureRequest,
  now = new Date(),
): Promise<ManagerActionResponse> {
  const context = await loadQuestionnaireContext(db, caller, ids, { now, requireVisible: false });
  if (!context.access.canManage) throw forbidden();
  const profile = ids.profile;
  if (!(PAPER_SIGNATURE_PROFILES as readonly number[]).includes(profile) || !context.questionnaire.signedBy.includes(profile)) {
    throw badRequest(textRef('questionnaire.paperProfile'));
  }
  const signerId = signerOf(context.access.triad, profile);
  if (signerId === null) throw conflict(textRef('questionnaire.paperNoSigner'));
  if (body.signedOn > parisDate(now)) throw badRequest(textRef('questionnaire.paperFuture'));
  const [file] = await findPlatformFiles(db, [body.fileId], caller.platformId);
  if (!file || file.uploadedBy !== caller.userId || !PAPER_FILE.test(file.originalName)) {
    throw badRequest(textRef('questionnaire.paperFile'));
  }
  const key = { questionnaireId: context.questionnaire.id, triadId: context.access.triad.id, profile };
  return db.transaction(async (tx) => {
    const reply = await lockReply(tx, key);
    if (isSigned(reply)) throw conflict(MESSAGES.alreadySigned);
    const stored = await listAnswers(tx, [reply.id]);
    const updated = await updateReply(tx, reply.id, { status: REPLY_STATUS.signed, signedAt: now, version: reply.version + 1 });
    await insertSignature(tx, {
      replyId: reply.id,
      signedAt: now,
      userId: signerId,
      impersonatorId: meta.impersonatorId,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      digest: replyDigest({
        ...key,
        interviewDate: reply.interviewDate,
        answers: stored.map((row) => ({ questionId: row.questionId, value: row.value, answerComment: row.answerComment })),
      }),
      method: 'paper',
      paperFileId: file.id,
      paperSignedOn: body.signedOn,
      recordedByUserId: caller.userId,
    });
    await recordUserTimeline(tx, {
      triadId: key.triadId,
      className: 'questionnaire',
      titlePart2: context.questionnaire.title,
      userId: signerId,
      at: now,
    });
    await logBackOfficeWrite(tx, caller, meta, {
      action: 'questionnaire.paper-signature',
      entity: 'reply',
      entityId: reply.id,
      details: { ...key, signedOn: body.signedOn, fileId: file.id },
    });
    return { success: true, icon: replyIcon(context.questionnaire, windowOf(context, profile), updated, context.today) };
  });
}
