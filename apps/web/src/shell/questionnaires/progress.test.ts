import { describe, expect, it } from 'vitest';
import type { ProfileStatus, QuestionnaireList, QuestionnaireSummary } from '@lea/shared';
import { computeProgress, formatPercent } from './progress';

const status = (hasSigned: boolean): ProfileStatus => ({
  hasToSign: !hasSigned,
  hasToComplete: false,
  hasSigned,
  signedAt: null,
  startDate: null,
  endDate: null,
  icon: hasSigned ? 'check' : 'lock-open',
});

const item = (id: number, fields: Partial<QuestionnaireSummary>): QuestionnaireSummary => ({
  id,
  title: `Q${id}`,
  year: 1,
  category: null,
  signedBy: [],
  completenessDate: null,
  userProfile: 1,
  userHasToComplete: false,
  userHasToSign: false,
  userHasSigned: false,
  userTodo: null,
  profileStatus: {},
  ...fields,
});

const listOf = (questionnaires: QuestionnaireSummary[]): QuestionnaireList => ({
  leaManagerColumn: false,
  years: [{ year: 1, categories: [{ id: null, title: 'Cat', questionnaires }] }],
});

describe('computeProgress', () => {
  it('counts the user’s signatures and every present signer of the triad', () => {
    const progress = computeProgress(
      listOf([
        item(1, { signedBy: [1, 2], userHasSigned: true, profileStatus: { 1: status(true), 2: status(false) } }),
        item(2, { signedBy: [1], profileStatus: { 1: status(false) } }),
        // The user does not sign this one; profile 3 is absent from the triad (no status).
        item(3, { signedBy: [2, 3], profileStatus: { 2: status(true) } }),
        item(4, { signedBy: [1] }),
      ]),
    );
    expect(progress.user).toMatchObject({ signed: 1, total: 3 });
    expect(progress.user.percent).toBeCloseTo(33.333, 2);
    expect(progress.triad).toEqual({ signed: 2, total: 4, percent: 50 });
  });

  it('has no percentage when nothing is to sign', () => {
    expect(computeProgress(listOf([item(1, { userProfile: null })]))).toEqual({
      user: { signed: 0, total: 0, percent: null },
      triad: { signed: 0, total: 0, percent: null },
    });
  });
});

describe('formatPercent', () => {
  it('shows one decimal in the locale’s style', () => {
    expect(formatPercent(100 / 3, 'fr').replace(/\s/g, ' ')).toBe('33,3 %');
    expect(formatPercent(100 / 3, 'en')).toBe('33.3%');
    expect(formatPercent(100, 'en')).toBe('100.0%');
  });
});
