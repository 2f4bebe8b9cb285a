import { PROFILE, REPLY_STATUS, type AccessWindow, type ProfileStatus, type QuestionnaireSummary, type UserTodo } from '@lea/shared';
import { validateCompletion } from './answer-values.js';
import type { QuestionnaireRow, QuestionRow, ReplyRow } from './queries.js';
import {
  effectiveWindow,
  hasFieldsFor,
  hasToComplete,
  hasToSign,
  isReplyOpen,
  replyIcon,
  signingBlockers,
  type QuestionnaireRules,
  type RuleQuestion,
} from './rules.js';

export type QuestionnaireCategory = { id: number; title: string; position: number };

export const ALL_PROFILES = [PROFILE.apprentice, PROFILE.tutor, PROFILE.apprenticeMaster, PROFILE.manager] as const;

export function rulesOf(questionnaire: QuestionnaireRow): QuestionnaireRules {
  return {
    active: questionnaire.active,
    locked: questionnaire.locked,
    visibleBy: questionnaire.visibleBy,
    signedBy: questionnaire.signedBy,
    marksVisibleBy: questionnaire.marksVisibleBy,
    accessDates: questionnaire.accessDates,
    useCrewDates: questionnaire.useCrewDates,
  };
}

/** Rows inherit access, enabled and (in a grid cluster) the value list from their cluster. */
export function resolveRuleQuestions(rows: QuestionRow[]): RuleQuestion[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows.map((row) => {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    return {
      id: row.id,
      parentId: row.parentId,
      itemType: row.itemType,
      type: row.type,
      access: row.access.length > 0 || !parent ? row.access : parent.access,
      enabled: row.enabled && (parent?.enabled ?? true),
      required: row.required,
      clusterDisplayMode: parent ? parent.displayMode : row.displayMode,
      valueList: row.valueList.length > 0 || !parent ? row.valueList : parent.valueList,
      maximalMark: row.maximalMark,
    };
  });
}

/** What the status of one questionnaire for one triad is computed from. */
export type StatusInput = {
  questionnaire: QuestionnaireRow;
  category: QuestionnaireCategory | null;
  questions: RuleQuestion[];
  crewDates: AccessWindow | null;
  replies: Map<number, ReplyRow>;
  /** The caller's chosen profile, null for a member without one. */
  profile: number | null;
  /** Profiles held by someone in the triad. */
  present: number[];
  today: string;
  /** Administrators are never held back by a window (spec 1 §4.4). */
  admin: boolean;
};

export function windowOf(input: Pick<StatusInput, 'questionnaire' | 'crewDates'>, profile: number): AccessWindow {
  return effectiveWindow(input.questionnaire, profile, input.crewDates);
}

/** The caller's own reply is open for writing (administrators ignore the window, not the signature). */
export function isProfileOpen(input: StatusInput, profile: number): boolean {
  const rules = rulesOf(input.questionnaire);
  const reply = input.replies.get(profile) ?? null;
  if (input.admin && profile === PROFILE.manager) return rules.active && reply?.status !== REPLY_STATUS.signed;
  return isReplyOpen(rules, windowOf(input, profile), reply, input.today);
}

function profileStatusOf(input: StatusInput, profile: number): ProfileStatus {
  const rules = rulesOf(input.questionnaire);
  const window = windowOf(input, profile);
  const reply = input.replies.get(profile) ?? null;
  const present = input.present.includes(profile);
  const signed = reply?.status === REPLY_STATUS.signed;
  return {
    hasToSign: present && hasToSign(rules, profile, window, reply, input.today),
    hasToComplete: present && hasToComplete(rules, input.questions, profile, window, reply, input.today),
    hasSigned: signed,
    // A signed reply is readable by the whole triad (canReadReply), so its date is never hidden.
    signedAt: signed ? (reply.signedAt?.toISOString() ?? null) : null,
    startDate: window.startDate,
    endDate: window.endDate,
    icon: replyIcon(rules, window, reply, input.today),
  };
}

/**
 * The profiles whose status the lists show: those that sign the questionnaire and are held in the
 * triad (the manager profile always is). The same cells as the signature dashboard's.
 */
export function concernedProfiles(input: Pick<StatusInput, 'questionnaire' | 'present'>): number[] {
  return ALL_PROFILES.filter((profile) => input.questionnaire.signedBy.includes(profile) && input.present.includes(profile));
}

/**
 * The caller's to-do entry (spec 2 §2): fill in a part that is not complete (never saved, a
 * required answer or the interview date missing), then sign once the signing order allows it.
 * A signer blocked by others has nothing to do, except sharing their own draft first when the
 * questionnaire uses comments (the review round the others wait for).
 */
function userTodoOf(input: StatusInput, ownValues: Map<number, unknown>): UserTodo | null {
  const { questionnaire, profile } = input;
  if (profile === null || !isProfileOpen(input, profile)) return null;
  const reply = input.replies.get(profile) ?? null;
  const interviewRequired = questionnaire.useInterviewDate && questionnaire.interviewDateVisibleBy.includes(profile);
  const needsInput = hasFieldsFor(input.questions, profile) || interviewRequired;
  const complete =
    reply !== null &&
    reply.version > 0 &&
    validateCompletion(input.questions, profile, ownValues, { required: interviewRequired, value: reply.interviewDate }).length === 0;
  const dueDate = questionnaire.completenessDate ?? windowOf(input, profile).endDate;
  if (needsInput && !complete) return { action: 'complete', dueDate };
  if (!questionnaire.signedBy.includes(profile)) return null;
  const blockers = signingBlockers(profile, {
    signedBy: questionnaire.signedBy,
    presentProfiles: input.present,
    useComments: questionnaire.useComments,
    statusOf: (other) => input.replies.get(other)?.status ?? null,
    hasFields: (other) => hasFieldsFor(input.questions, other),
  });
  if (blockers.length === 0) return { action: 'sign', dueDate };
  const ownDraftPrivate = (reply?.status ?? REPLY_STATUS.draft) < REPLY_STATUS.sharedDraft;
  return questionnaire.useComments && profile !== PROFILE.manager && needsInput && ownDraftPrivate ? { action: 'complete', dueDate } : null;
}

/** The stored values of one reply (question id → value), what its completeness is judged on. */
export function replyValues(
  answers: { replyId: number; questionId: number; value: unknown }[],
  replyId: number | undefined,
): Map<number, unknown> {
  return new Map(answers.filter((row) => row.replyId === replyId).map((row) => [row.questionId, row.value]));
}

/** `ownValues`: the stored answers of the caller's own reply (question id → value), for its to-do. */
export function buildSummary(input: StatusInput, ownValues: Map<number, unknown>): QuestionnaireSummary {
  const { questionnaire, profile } = input;
  const profileStatus: Record<string, ProfileStatus> = {};
  for (const each of concernedProfiles(input)) profileStatus[String(each)] = profileStatusOf(input, each);
  const open = profile !== null && isProfileOpen(input, profile);
  const reply = profile === null ? null : (input.replies.get(profile) ?? null);
  return {
    id: questionnaire.id,
    title: questionnaire.title,
    year: questionnaire.year,
    category: input.category ? { id: input.category.id, title: input.category.title } : null,
    signedBy: questionnaire.signedBy,
    completenessDate: questionnaire.completenessDate,
    userProfile: profile as QuestionnaireSummary['userProfile'],
    userHasToComplete: open && profile !== null && hasFieldsFor(input.questions, profile),
    userHasToSign: open && profile !== null && questionnaire.signedBy.includes(profile),
    userHasSigned: reply?.status === REPLY_STATUS.signed,
    userTodo: userTodoOf(input, ownValues),
    profileStatus,
  };
}
