import type { AccessWindow } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { CacheBus } from '../../services/shared-cache.js';
import { occupiedProfiles, triadProfilesOf, type TriadAccessContext } from '../../services/triad-access.js';
import { mergeItems, readContextRow, templateItems } from './context-query.js';
import type { AnswerRow, CommentRow, QuestionRow, ReplyRow } from './queries.js';
import { appliesToTriad, canSeeQuestionnaire, parisDate } from './rules.js';
import { resolveRuleQuestions, rulesOf, type StatusInput } from './status.js';
import { textRef } from '../../texts/index.js';

/** Everything a questionnaire call decides from, loaded once per request. */
export type QuestionnaireContext = StatusInput & {
  caller: Caller;
  access: TriadAccessContext;
  items: QuestionRow[];
  writerNames: Map<number, string | null>;
  /** The caller's full name (a saved reply's writer). */
  callerName: string | null;
  /** With `withAnswers`: every answer of the triad's replies to it, and their comments (the view filters them). */
  loaded: { answers: AnswerRow[]; comments: { comment: CommentRow; userName: string | null }[] } | null;
};

/**
 * The caller's profile for this call: the requested one, which must be theirs (403 otherwise),
 * else their lowest; null for a member without a profile (company manager, secondary user).
 */
export function chooseProfile(roles: number[], requested: number | undefined): number | null {
  if (requested !== undefined) {
    if (!roles.includes(requested)) throw forbidden(textRef('questionnaire.notProfileInTriad'));
    return requested;
  }
  return roles.length === 0 ? null : Math.min(...roles);
}

export function crewDatesOf(
  crews: { questionnaireId: number; crewId: number; startDate: string | null; endDate: string | null }[],
  questionnaireId: number,
  crewId: number | null,
): AccessWindow | null {
  const row = crews.find((crew) => crew.questionnaireId === questionnaireId && crew.crewId === crewId);
  return row ? { startDate: row.startDate, endDate: row.endDate } : null;
}

export function repliesByProfile(rows: { reply: ReplyRow }[], questionnaireId: number): Map<number, ReplyRow> {
  return new Map(rows.filter((row) => row.reply.questionnaireId === questionnaireId).map((row) => [row.reply.profile, row.reply]));
}

type LoadOptions = {
  profile?: number | undefined;
  now?: Date;
  requireVisible?: boolean;
  /** The shared cache of questionnaire trees (ctx.cache); without it the tree is read from the database. */
  cache?: CacheBus;
  /** Also load the answers and their comments (the view), in the same statement. */
  withAnswers?: boolean;
};

/**
 * Loads a triad's questionnaire for the caller: 404 for an unknown triad or questionnaire, one of
 * another platform or course, or one that does not apply to the triad; 403 when the caller may
 * not see it (outside the triad, or their profile is not in visibleBy).
 */
export async function loadQuestionnaireContext(
  db: DbOrTx,
  caller: Caller,
  ids: { triadId: number; questionnaireId: number },
  options: LoadOptions = {},
): Promise<QuestionnaireContext> {
  const row = await readContextRow(
    db,
    { triadId: ids.triadId, questionnaireId: ids.questionnaireId, platformId: caller.platformId, userId: caller.userId },
    options.withAnswers ?? false,
  );
  // The checks of resolveTriadAccess, in its order, then the questionnaire's.
  if (!row) throw notFound(textRef('common.triadNotFound'));
  if (!row.onPlatform) throw forbidden();
  const { triad } = row;
  const people = [
    triad.apprenticeId,
    triad.tutorId,
    triad.tutor2Id,
    triad.apprenticeMasterId,
    triad.apprenticeMaster2Id,
    triad.companyManagerId,
  ];
  const isMember = people.includes(caller.userId) || row.isSecondary;
  const canManage = row.isManager || caller.admin;
  if (!isMember && !canManage) throw forbidden();
  const access: TriadAccessContext = {
    triad,
    course: row.course,
    roles: triadProfilesOf(triad, caller.userId, canManage),
    isMember,
    canManage,
  };
  const { questionnaire } = row;
  if (!questionnaire) throw notFound(textRef('questionnaire.notFound'));
  const applies = appliesToTriad({ crewIds: row.crews.map((c) => c.crewId), triadIds: row.linkedTriadIds }, access.triad);
  if (!applies) throw notFound(textRef('questionnaire.notFound'));
  const profile = chooseProfile(access.roles, options.profile);
  if ((options.requireVisible ?? true) && !canSeeQuestionnaire(rulesOf(questionnaire), applies, profile, access.canManage))
    throw forbidden();
  const items = mergeItems(await templateItems(db, options.cache, questionnaire.id), row.triadItems);
  const replyRows = row.replies;
  return {
    caller,
    access,
    questionnaire,
    category: row.category,
    questions: resolveRuleQuestions(items),
    items,
    crewDates: crewDatesOf(row.crews, questionnaire.id, access.triad.crewId),
    replies: repliesByProfile(replyRows, questionnaire.id),
    writerNames: new Map(replyRows.map((row) => [row.reply.id, row.writerName])),
    profile,
    present: occupiedProfiles(access.triad),
    today: parisDate(options.now ?? new Date()),
    admin: caller.admin,
    callerName: row.callerName,
    loaded: options.withAnswers ? { answers: row.answers, comments: row.comments } : null,
  };
}
