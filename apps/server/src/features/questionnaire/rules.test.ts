import { describe, expect, it } from 'vitest';
import {
  answerMark,
  appliesToTriad,
  canReadReply,
  canSeeQuestionnaire,
  canUnlock,
  effectiveWindow,
  hasToComplete,
  hasToSign,
  isReplyOpen,
  marksVisible,
  parisDate,
  questionMaximum,
  replyIcon,
  replyMarks,
  signingBlockers,
  windowPhase,
  type QuestionnaireRules,
  type ReplyState,
  type RuleQuestion,
} from './rules.js';

const TODAY = '2026-03-15';
const rules = (overrides: Partial<QuestionnaireRules> = {}): QuestionnaireRules => ({
  active: true,
  locked: false,
  visibleBy: [1, 2, 3],
  signedBy: [1, 2, 3, 4],
  marksVisibleBy: [2],
  accessDates: { all: { startDate: '2026-03-01', endDate: '2026-03-31' } },
  useCrewDates: false,
  ...overrides,
});
const question = (overrides: Partial<RuleQuestion> = {}): RuleQuestion => ({
  id: 1,
  parentId: null,
  itemType: 'field',
  type: 0,
  access: [1],
  enabled: true,
  required: false,
  clusterDisplayMode: null,
  valueList: [],
  maximalMark: null,
  ...overrides,
});
const reply = (status: number, overrides: Partial<ReplyState> = {}): ReplyState => ({
  status,
  unlockedAt: null,
  writerUserId: 7,
  ...overrides,
});
const OPEN = { startDate: '2026-03-01', endDate: '2026-03-31' };
const ENDED = { startDate: '2026-02-01', endDate: '2026-03-14' };

describe('questionnaire rules', () => {
  it('reads today in Europe/Paris', () => {
    expect(parisDate(new Date('2026-03-14T23:30:00Z'))).toBe('2026-03-15');
    expect(parisDate(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(parisDate(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('picks crew dates, then the profile window, then the all window, else always open', () => {
    const questionnaire = rules({ accessDates: { all: OPEN, 2: ENDED, 3: { startDate: null, endDate: null } }, useCrewDates: true });
    const crew = { startDate: '2026-01-01', endDate: '2026-01-31' };
    expect(effectiveWindow(questionnaire, 1, crew)).toEqual(crew);
    expect(effectiveWindow(questionnaire, 2, null)).toEqual(ENDED);
    expect(effectiveWindow(questionnaire, 2, { startDate: null, endDate: null })).toEqual(ENDED);
    expect(effectiveWindow(questionnaire, 3, null)).toEqual(OPEN);
    expect(effectiveWindow({ ...questionnaire, useCrewDates: false }, 1, crew)).toEqual(OPEN);
    expect(effectiveWindow(rules({ accessDates: { all: null } }), 4, null)).toEqual({ startDate: null, endDate: null });
  });

  it('compares inclusive calendar days', () => {
    expect(windowPhase(OPEN, '2026-03-01')).toBe('open');
    expect(windowPhase(OPEN, '2026-03-31')).toBe('open');
    expect(windowPhase(OPEN, '2026-02-28')).toBe('before');
    expect(windowPhase(OPEN, '2026-04-01')).toBe('after');
  });

  it('applies through crews or triads, or to all when it has neither', () => {
    expect(appliesToTriad({ crewIds: [], triadIds: [] }, { id: 9, crewId: null })).toBe(true);
    expect(appliesToTriad({ crewIds: [3], triadIds: [] }, { id: 9, crewId: 3 })).toBe(true);
    expect(appliesToTriad({ crewIds: [3], triadIds: [] }, { id: 9, crewId: 4 })).toBe(false);
    expect(appliesToTriad({ crewIds: [3], triadIds: [9] }, { id: 9, crewId: null })).toBe(true);
  });

  it('shows an active applying questionnaire to visibleBy, and to managers always', () => {
    expect(canSeeQuestionnaire(rules(), true, 1, false)).toBe(true);
    expect(canSeeQuestionnaire(rules(), true, 4, false)).toBe(false);
    expect(canSeeQuestionnaire(rules(), true, 4, true)).toBe(true);
    expect(canSeeQuestionnaire(rules(), false, 4, true)).toBe(false);
    expect(canSeeQuestionnaire(rules({ active: false }), true, 1, true)).toBe(false);
    expect(canSeeQuestionnaire(rules(), true, null, false)).toBe(false);
  });

  it('asks to complete and to sign inside the window, before signing, unless unlocked', () => {
    const questions = [question({ access: [1] }), question({ id: 2, access: [2], enabled: false })];
    expect(hasToComplete(rules(), questions, 1, OPEN, null, TODAY)).toBe(true);
    expect(hasToComplete(rules(), questions, 2, OPEN, null, TODAY)).toBe(false);
    expect(hasToComplete(rules(), questions, 1, OPEN, reply(3), TODAY)).toBe(false);
    expect(hasToComplete(rules(), questions, 1, ENDED, reply(2), TODAY)).toBe(false);
    expect(hasToComplete(rules(), questions, 1, ENDED, reply(2, { unlockedAt: new Date() }), TODAY)).toBe(true);
    expect(hasToSign(rules(), 4, OPEN, null, TODAY)).toBe(true);
    expect(hasToSign(rules({ signedBy: [1] }), 4, OPEN, null, TODAY)).toBe(false);
    expect(hasToSign(rules({ locked: true }), 1, OPEN, null, TODAY)).toBe(false);
    expect(isReplyOpen(rules(), { startDate: '2026-03-20', endDate: null }, null, TODAY)).toBe(false);
  });

  it('gives the icons of spec 2 §4 and spec 3 §4', () => {
    expect(replyIcon(rules(), OPEN, reply(3), TODAY)).toBe('check');
    expect(replyIcon(rules(), ENDED, reply(3), TODAY)).toBe('check');
    expect(replyIcon(rules(), ENDED, reply(1, { unlockedAt: new Date() }), TODAY)).toBe('lock-open');
    expect(replyIcon(rules(), ENDED, null, TODAY)).toBe('lock');
    expect(replyIcon(rules({ locked: true }), OPEN, reply(2), TODAY)).toBe('lock');
    expect(replyIcon(rules(), OPEN, reply(2), TODAY)).toBe('hourglass-start');
    expect(replyIcon(rules(), { startDate: '2026-04-01', endDate: null }, null, TODAY)).toBe('hourglass-start');
  });

  it('unlocks only after the end date, an unsigned reply not yet unlocked', () => {
    expect(canUnlock(ENDED, null, TODAY)).toBe(true);
    expect(canUnlock(OPEN, null, TODAY)).toBe(false);
    expect(canUnlock({ startDate: null, endDate: null }, null, TODAY)).toBe(false);
    expect(canUnlock(ENDED, reply(3), TODAY)).toBe(false);
    expect(canUnlock(ENDED, reply(1, { unlockedAt: new Date() }), TODAY)).toBe(false);
  });

  it('lets a private draft be read by its profile and its writer only', () => {
    expect(canReadReply({ ...reply(1), profile: 1 }, 2, 8)).toBe(false);
    expect(canReadReply({ ...reply(1), profile: 1 }, 2, 7)).toBe(true);
    expect(canReadReply({ ...reply(1), profile: 2 }, 2, 8)).toBe(true);
    expect(canReadReply({ ...reply(2), profile: 1 }, 3, 8)).toBe(true);
    expect(canReadReply({ ...reply(3), profile: 1 }, 4, 8)).toBe(true);
  });

  it('shows marks to marksVisibleBy and to the manager profile', () => {
    expect(marksVisible(rules(), 2)).toBe(true);
    expect(marksVisible(rules(), 4)).toBe(true);
    expect(marksVisible(rules(), 1)).toBe(false);
    expect(marksVisible(rules(), null)).toBe(false);
  });

  it('computes answer marks, maximal marks and reply totals', () => {
    const single = question({
      id: 1,
      type: 3,
      valueList: [
        { value: 'A', mark: 4 },
        { value: 'B', mark: 1 },
      ],
    });
    const multiple = question({
      id: 2,
      type: 4,
      valueList: [
        { value: 'A', mark: 2 },
        { value: 'B', mark: 3 },
        { value: 'C', mark: -1 },
      ],
    });
    const capped = question({ id: 3, type: 2, valueList: [{ value: 'A', mark: 1 }], maximalMark: 10 });
    const text = question({ id: 4, type: 0 });
    expect(answerMark(single, 'B')).toBe(1);
    expect(answerMark(multiple, ['A', 'B', 'C'])).toBe(4);
    expect(answerMark(multiple, [])).toBeNull();
    expect(answerMark(text, 'A')).toBeNull();
    expect(questionMaximum(single)).toBe(4);
    expect(questionMaximum(multiple)).toBe(5);
    expect(questionMaximum(capped)).toBe(10);
    expect(questionMaximum(text)).toBeNull();
    const marks = new Map([
      [1, 1],
      [2, 4],
    ]);
    expect(replyMarks([single, multiple, capped, text], 1, marks)).toEqual({ mark: 5, maximalMark: 19 });
    expect(replyMarks([text], 1, marks)).toBeNull();
    expect(replyMarks([single], 2, marks)).toBeNull();
  });

  describe('signing order (decision 013)', () => {
    const context = (statuses: Record<number, number>, overrides: Partial<Parameters<typeof signingBlockers>[1]> = {}) => ({
      signedBy: [1, 2, 3, 4],
      presentProfiles: [1, 2, 3, 4],
      useComments: true,
      statusOf: (profile: number) => statuses[profile] ?? null,
      hasFields: (profile: number) => profile !== 3,
      ...overrides,
    });

    it('lets a profile 1–3 sign once the other signers with fields have shared or signed', () => {
      expect(signingBlockers(1, context({}))).toEqual([2]);
      expect(signingBlockers(1, context({ 2: 1 }))).toEqual([2]);
      expect(signingBlockers(1, context({ 2: 2 }))).toEqual([]);
      expect(signingBlockers(2, context({ 1: 3 }))).toEqual([]);
      expect(signingBlockers(1, context({}, { hasFields: () => true }))).toEqual([2, 3]);
    });

    it('lets profiles 1–3 sign in any order when the questionnaire uses no comments (no draft can be shared)', () => {
      expect(signingBlockers(1, context({}, { useComments: false }))).toEqual([]);
      expect(signingBlockers(3, context({}, { useComments: false, hasFields: () => true }))).toEqual([]);
      expect(signingBlockers(4, context({ 1: 3 }, { useComments: false }))).toEqual([2, 3]);
    });

    it('ignores profiles that do not sign or are absent from the triad', () => {
      expect(signingBlockers(1, context({}, { signedBy: [1, 4] }))).toEqual([]);
      expect(signingBlockers(1, context({}, { presentProfiles: [1, 3, 4] }))).toEqual([]);
    });

    it('makes the manager sign last', () => {
      expect(signingBlockers(4, context({ 1: 3, 2: 2 }))).toEqual([2, 3]);
      expect(signingBlockers(4, context({ 1: 3, 2: 3, 3: 3 }))).toEqual([]);
      expect(signingBlockers(4, context({}, { signedBy: [4] }))).toEqual([]);
    });
  });
});
