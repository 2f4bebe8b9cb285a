import { PROFILE, REPLY_STATUS, type AccessWindow, type ProfileStatus, type QuestionnaireSummary } from '@lea/shared';
import type { QuestionnaireRow, QuestionRow, ReplyRow } from './queries.js';
import {
  effectiveWindow,
  hasToComplete,
  hasToSign,
  isReplyOpen,
  replyIcon,
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

export function buildSummary(input: StatusInput): QuestionnaireSummary {
  const { questionnaire, profile } = input;
  const profileStatus: Record<string, ProfileStatus> = {};
  for (const each of ALL_PROFILES) profileStatus[String(each)] = profileStatusOf(input, each);
  const own = profile === null ? null : profileStatus[String(profile)];
  const open = profile !== null && isProfileOpen(input, profile);
  const hasFields = profile !== null && input.questions.some((q) => q.itemType === 'field' && q.enabled && q.access.includes(profile));
  return {
    id: questionnaire.id,
    title: questionnaire.title,
    year: questionnaire.year,
    category: input.category ? { id: input.category.id, title: input.category.title } : null,
    signedBy: questionnaire.signedBy,
    completenessDate: questionnaire.completenessDate,
    userProfile: profile as QuestionnaireSummary['userProfile'],
    userHasToComplete: open && hasFields,
    userHasToSign: open && profile !== null && questionnaire.signedBy.includes(profile),
    userHasSigned: own?.hasSigned ?? false,
    profileStatus,
  };
}
