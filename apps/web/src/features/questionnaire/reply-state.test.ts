import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { answer, fixtureView, item } from './test/fixtures';
import { buildSaveRequest, canShareDraft, canSign, initialDraft, mergeDraft, validateForSigning } from './reply-state';

describe('buildSaveRequest', () => {
  it('sends the mode, the profile, the reply version and the writable answers only', () => {
    const view = fixtureView({
      userReply: {
        id: 3,
        profile: 1,
        status: 1,
        version: 4,
        signedAt: null,
        writerProfile: 1,
        writerName: 'Léa Martin',
        interviewDate: null,
        totalMark: null,
      },
      questions: [
        item(2, { type: 0, userAnswer: answer(20, 2, { value: 'Technicienne' }) }),
        item(7, { type: 8 }),
        item(6, { type: 4, valueList: [{ value: 'ERP', mark: null }] }),
        item(30, { type: 0, writable: false, access: [2] }),
        item(31, { type: 0, comments: true }),
      ],
    });
    const draft = initialDraft(view);
    draft.values[7] = '12,5';
    draft.comments[31] = '  à revoir ';
    expect(buildSaveRequest(view, draft, 1)).toEqual({
      draft: 1,
      profile: 1,
      version: 4,
      answers: [
        { questionId: 2, value: 'Technicienne' },
        { questionId: 7, value: 12.5 },
        { questionId: 6, value: [] },
        { questionId: 31, value: null, answerComment: 'à revoir' },
      ],
    });
  });

  it('starts at version 0 without a reply and carries the interview date item as interviewDate', () => {
    const view = fixtureView({
      questions: [item(0, { index: 50000, type: 11, required: true, access: [2] })],
      userProfile: 2,
    });
    const draft = { ...initialDraft(view), interviewDate: '2026-04-02' };
    expect(buildSaveRequest(view, draft, 3)).toEqual({ draft: 3, profile: 2, version: 0, interviewDate: '2026-04-02', answers: [] });
  });
});

describe('validateForSigning', () => {
  it('names each missing required field, grid row and plain cluster with the shared message', () => {
    const view = fixtureView({
      questions: [
        item(2, { required: true }),
        item(3, { required: true, enabled: false }),
        item(4, { required: true, writable: false, access: [2] }),
        item(11, { itemType: 'cluster', displayMode: 2, questions: [item(12, { type: 3, required: true }), item(13, { type: 3 })] }),
        item(20, { itemType: 'cluster', questions: [item(21, { type: 3, required: true }), item(22, { type: 3, required: true })] }),
        item(0, { index: 50000, type: 11, required: true }),
      ],
    });
    expect(validateForSigning(view, initialDraft(view))).toEqual([
      { field: 'question-2', message: MESSAGES.required },
      { field: 'question-12', message: MESSAGES.required },
      { field: 'question-20', message: MESSAGES.required },
      { field: 'question-0', message: MESSAGES.required },
    ]);
  });

  it('accepts one filled radio row of a plain cluster and every filled row elsewhere', () => {
    const view = fixtureView({
      questions: [
        item(20, { itemType: 'cluster', questions: [item(21, { type: 3, required: true }), item(22, { type: 3, required: true })] }),
        item(23, { itemType: 'cluster', questions: [item(24, { type: 0, required: true }), item(25, { type: 0, required: true })] }),
        item(8, { type: 10, required: true }),
        item(6, { type: 4, required: true }),
      ],
    });
    const draft = initialDraft(view);
    draft.values[21] = 'Oui';
    draft.values[24] = 'a';
    draft.values[8] = { id: 5, originalName: 'rapport.pdf', pathName: 'abc' };
    draft.values[6] = ['ERP'];
    expect(validateForSigning(view, draft)).toEqual([{ field: 'question-25', message: MESSAGES.required }]);
  });

  it('refuses a malformed number with the number message', () => {
    const view = fixtureView({ questions: [item(7, { type: 8 })] });
    const draft = initialDraft(view);
    draft.values[7] = '12,5,3';
    expect(validateForSigning(view, draft)).toEqual([{ field: 'question-7', message: MESSAGES.number }]);
  });
});

describe('actions offered', () => {
  const reply = (status: number) => ({
    id: 1,
    profile: 1 as const,
    status,
    version: 1,
    signedAt: null,
    writerProfile: 1 as const,
    writerName: null,
    interviewDate: null,
    totalMark: null,
  });

  it('offers the shared draft only with comments, a signer, and no reply or a private draft', () => {
    expect(canShareDraft(fixtureView())).toBe(true);
    expect(canShareDraft(fixtureView({ userReply: reply(1) }))).toBe(true);
    expect(canShareDraft(fixtureView({ userReply: reply(2) }))).toBe(false);
    expect(canShareDraft(fixtureView({ useComments: false }))).toBe(false);
    expect(canShareDraft(fixtureView({ userHasToSign: false }))).toBe(false);
  });

  it('replaces the signature by the message banner', () => {
    expect(canSign(fixtureView())).toBe(true);
    expect(canSign(fixtureView({ message: 'Entretien à planifier' }))).toBe(false);
    expect(canSign(fixtureView({ userHasToSign: false }))).toBe(false);
  });
});

describe('mergeDraft', () => {
  it('keeps typed values and adds rows the server added', () => {
    const view = fixtureView({ questions: [item(2), item(14, { itemType: 'cluster', questions: [item(15)] })] });
    const draft = initialDraft(view);
    draft.values[2] = 'typed';
    const refreshed = fixtureView({
      questions: [
        item(2, { userAnswer: answer(1, 2, { value: 'old' }) }),
        item(14, { itemType: 'cluster', questions: [item(15), item(16)] }),
      ],
    });
    const merged = mergeDraft(draft, refreshed);
    expect(merged.values).toEqual({ 2: 'typed', 15: null, 16: null });
  });
});
