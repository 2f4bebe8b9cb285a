import type { AccessWindow } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import { occupiedProfiles, resolveTriadAccess, type TriadAccessContext } from '../../services/triad-access.js';
import {
  listCourseQuestionnaires,
  listQuestionnaireLinks,
  listQuestions,
  listReplies,
  type QuestionRow,
  type ReplyRow,
} from './queries.js';
import { appliesToTriad, canSeeQuestionnaire, parisDate } from './rules.js';
import { resolveRuleQuestions, rulesOf, type StatusInput } from './status.js';
import { textRef } from '../../texts/index.js';

/** Everything a questionnaire call decides from, loaded once per request. */
export type QuestionnaireContext = StatusInput & {
  caller: Caller;
  access: TriadAccessContext;
  items: QuestionRow[];
  writerNames: Map<number, string | null>;
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

type LoadOptions = { profile?: number | undefined; now?: Date; requireVisible?: boolean };

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
  const access = await resolveTriadAccess(db, caller, ids.triadId);
  const [found] = await listCourseQuestionnaires(db, { courseId: access.course.id, questionnaireId: ids.questionnaireId });
  if (!found) throw notFound(textRef('questionnaire.notFound'));
  const { questionnaire } = found;
  const [links, items, replyRows] = await Promise.all([
    listQuestionnaireLinks(db, [questionnaire.id]),
    listQuestions(db, [questionnaire.id], access.triad.id),
    listReplies(db, { triadId: access.triad.id, questionnaireIds: [questionnaire.id] }),
  ]);
  const applies = appliesToTriad({ crewIds: links.crews.map((c) => c.crewId), triadIds: links.triads.map((t) => t.triadId) }, access.triad);
  if (!applies) throw notFound(textRef('questionnaire.notFound'));
  const profile = chooseProfile(access.roles, options.profile);
  if ((options.requireVisible ?? true) && !canSeeQuestionnaire(rulesOf(questionnaire), applies, profile, access.canManage))
    throw forbidden();
  return {
    caller,
    access,
    questionnaire,
    category: found.category,
    questions: resolveRuleQuestions(items),
    items,
    crewDates: crewDatesOf(links.crews, questionnaire.id, access.triad.crewId),
    replies: repliesByProfile(replyRows, questionnaire.id),
    writerNames: new Map(replyRows.map((row) => [row.reply.id, row.writerName])),
    profile,
    present: occupiedProfiles(access.triad),
    today: parisDate(options.now ?? new Date()),
    admin: caller.admin,
  };
}
