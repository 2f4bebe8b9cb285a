import { CHOICE_FIELD_TYPES, FIELD_TYPE, PROFILE, REPLY_STATUS, type AccessWindow, type ReplyIcon } from '@lea/shared';
import type { AccessDates } from '../../db/schema/index.js';
import { appliesToTriad, canSeeQuestionnaire, effectiveWindow } from '../../services/questionnaire-windows.js';

// Shared with the triad's key dates: they live in services/ and are re-exported for this feature.
export { appliesToTriad, canSeeQuestionnaire, effectiveWindow };

/**
 * The questionnaire rules (spec 1 §4.4, §5.5, spec 2 §4, spec 3 §4) as pure functions over plain
 * objects: no database, no clock (the caller passes `today` as YYYY-MM-DD in Europe/Paris).
 */

export type QuestionnaireRules = {
  active: boolean;
  locked: boolean;
  visibleBy: number[];
  signedBy: number[];
  marksVisibleBy: number[];
  accessDates: AccessDates;
  useCrewDates: boolean;
};

/** A question item with its access, enabled flag and value list already resolved from its parent. */
export type RuleQuestion = {
  id: number;
  parentId: number | null;
  itemType: string;
  type: number;
  access: number[];
  enabled: boolean;
  required: boolean;
  /** displayMode of the parent cluster for a row (2 = grid), of the item itself otherwise. */
  clusterDisplayMode: number | null;
  valueList: { value: string; mark: number | null }[];
  maximalMark: number | null;
};

export type ReplyState = { status: number; unlockedAt: Date | null; writerUserId: number | null };

/** Today's date in Europe/Paris as YYYY-MM-DD: windows are calendar days of the training organisation. */
/** Built once: creating an Intl formatter costs far more than formatting with it. */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

export function parisDate(now: Date): string {
  return PARIS_DAY.format(now);
}

/** Where today stands in an inclusive window. */
export function windowPhase(window: AccessWindow, today: string): 'before' | 'open' | 'after' {
  if (window.startDate !== null && today < window.startDate) return 'before';
  if (window.endDate !== null && today > window.endDate) return 'after';
  return 'open';
}

export const isSigned = (reply: ReplyState | null) => reply?.status === REPLY_STATUS.signed;
const isUnlocked = (reply: ReplyState | null) => !!reply && reply.unlockedAt !== null;

/** Closed: the questionnaire is locked or the window's end has passed (an unlock reopens it). */
export function isClosed(questionnaire: Pick<QuestionnaireRules, 'locked'>, window: AccessWindow, today: string): boolean {
  return questionnaire.locked || windowPhase(window, today) === 'after';
}

/** The reply may be written now: active, not signed, and inside its window or unlocked. */
export function isReplyOpen(questionnaire: QuestionnaireRules, window: AccessWindow, reply: ReplyState | null, today: string): boolean {
  if (!questionnaire.active || isSigned(reply)) return false;
  if (isUnlocked(reply)) return true;
  return !questionnaire.locked && windowPhase(window, today) === 'open';
}

/** The profile may answer at least one enabled field (rows included). */
export function hasFieldsFor(questions: RuleQuestion[], profile: number): boolean {
  return questions.some((question) => question.itemType === 'field' && question.enabled && question.access.includes(profile));
}

export function hasToComplete(
  questionnaire: QuestionnaireRules,
  questions: RuleQuestion[],
  profile: number,
  window: AccessWindow,
  reply: ReplyState | null,
  today: string,
): boolean {
  return hasFieldsFor(questions, profile) && isReplyOpen(questionnaire, window, reply, today);
}

export function hasToSign(
  questionnaire: QuestionnaireRules,
  profile: number,
  window: AccessWindow,
  reply: ReplyState | null,
  today: string,
): boolean {
  return questionnaire.signedBy.includes(profile) && isReplyOpen(questionnaire, window, reply, today);
}

/** Status icon of a profile's reply (spec 2 §4, spec 3 §4). */
export function replyIcon(
  questionnaire: Pick<QuestionnaireRules, 'locked'>,
  window: AccessWindow,
  reply: ReplyState | null,
  today: string,
): ReplyIcon {
  if (isSigned(reply)) return 'check';
  if (isUnlocked(reply)) return 'lock-open';
  if (isClosed(questionnaire, window, today)) return 'lock';
  return 'hourglass-start';
}

/** A manager may unlock a reply that is not signed, not yet unlocked, and whose window's end has passed. */
export function canUnlock(window: AccessWindow, reply: ReplyState | null, today: string): boolean {
  return !isSigned(reply) && !isUnlocked(reply) && windowPhase(window, today) === 'after';
}

/**
 * Who may read a reply: its own profile (people sharing a profile write one reply), anyone who
 * sees the questionnaire once it is shared (2) or signed (3), and a private draft's writer.
 */
export function canReadReply(reply: ReplyState & { profile: number }, callerProfile: number | null, userId: number): boolean {
  return reply.profile === callerProfile || reply.status >= REPLY_STATUS.sharedDraft || reply.writerUserId === userId;
}

/** Marks are shown to marksVisibleBy; the manager profile always sees them. */
export function marksVisible(questionnaire: Pick<QuestionnaireRules, 'marksVisibleBy'>, profile: number | null): boolean {
  return profile === PROFILE.manager || (profile !== null && questionnaire.marksVisibleBy.includes(profile));
}

/**
 * The signing order of decision 013. When the questionnaire uses comments (the only case where a
 * draft can be shared, spec 1 §2.9), a profile 1–3 signs once every other signer profile 1–3
 * present in the triad that has fields to complete has shared its draft or signed: the review
 * round is what comments are for. Without comments, profiles 1–3 sign their own parts in any
 * order. In both cases the manager profile signs last, once every other present signer has signed.
 * Returns the blocking profiles.
 */
export function signingBlockers(
  profile: number,
  context: {
    signedBy: number[];
    presentProfiles: number[];
    useComments: boolean;
    statusOf: (profile: number) => number | null;
    hasFields: (profile: number) => boolean;
  },
): number[] {
  const others = context.signedBy.filter((other) => other !== profile && context.presentProfiles.includes(other)).sort();
  if (profile === PROFILE.manager) {
    return others.filter((other) => context.statusOf(other) !== REPLY_STATUS.signed);
  }
  if (!context.useComments) return [];
  return others.filter(
    (other) => other !== PROFILE.manager && context.hasFields(other) && (context.statusOf(other) ?? 0) < REPLY_STATUS.sharedDraft,
  );
}

const chosenValues = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  return [];
};

const isMarked = (question: RuleQuestion) =>
  CHOICE_FIELD_TYPES.includes(question.type) && question.valueList.some((entry) => entry.mark !== null);

/** The mark of a choice answer: the chosen entries' marks, summed for a multiple choice. */
export function answerMark(question: RuleQuestion, value: unknown): number | null {
  if (!isMarked(question)) return null;
  const chosen = chosenValues(value);
  const marks = question.valueList
    .filter((entry) => chosen.includes(entry.value) && entry.mark !== null)
    .map((entry) => entry.mark as number);
  return marks.length === 0 ? null : marks.reduce((sum, mark) => sum + mark, 0);
}

/** The best mark a question can give: its maximalMark, else its best entry (all positive ones for a multiple choice). */
export function questionMaximum(question: RuleQuestion): number | null {
  if (question.maximalMark !== null) return question.maximalMark;
  if (!isMarked(question)) return null;
  const marks = question.valueList.map((entry) => entry.mark ?? 0);
  if (question.type === FIELD_TYPE.multipleChoice) return marks.filter((mark) => mark > 0).reduce((sum, mark) => sum + mark, 0);
  return Math.max(...marks);
}

/** The fields whose marks make up a profile's total: enabled, theirs, and marked. */
export function markedFields(questions: RuleQuestion[], profile: number): RuleQuestion[] {
  return questions.filter(
    (question) =>
      question.itemType === 'field' && question.enabled && question.access.includes(profile) && questionMaximum(question) !== null,
  );
}

/** Total and maximal mark of a profile's reply, or null when none of its fields is marked. */
export function replyMarks(
  questions: RuleQuestion[],
  profile: number,
  marks: Map<number, number | null>,
): { mark: number; maximalMark: number } | null {
  const marked = markedFields(questions, profile);
  if (marked.length === 0) return null;
  return {
    mark: marked.reduce((sum, question) => sum + (marks.get(question.id) ?? 0), 0),
    maximalMark: marked.reduce((sum, question) => sum + (questionMaximum(question) ?? 0), 0),
  };
}
