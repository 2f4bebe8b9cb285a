import { describe, expect, it } from 'vitest';
import { applyChoices, differsFromServer, fieldKey, mergeReply, pendingKey, writableFields } from './offline-reply';
import { initialDraft, type ReplyDraft } from './reply-state';
import { answer, fixtureView, item } from './test/fixtures';

/** Four writable questions (text with a comment, number, multiple choice, file) and one of another profile. */
const view = fixtureView({
  questions: [
    item(2, { type: 0, comments: true, userAnswer: answer(20, 2, { value: 'Technicienne', answerComment: 'ok' }) }),
    item(7, { type: 8, userAnswer: answer(21, 7, { value: 35 }) }),
    item(6, { type: 4, valueList: [{ value: 'ERP', mark: null }] }),
    item(8, { type: 10 }),
    item(30, { type: 0, writable: false, access: [2], userAnswer: answer(22, 30, { value: 'tuteur' }) }),
  ],
});
const fields = writableFields(view);
const base = initialDraft(view);
const edit = (draft: ReplyDraft, values: ReplyDraft['values'], comments: ReplyDraft['comments'] = {}): ReplyDraft => ({
  ...draft,
  values: { ...draft.values, ...values },
  comments: { ...draft.comments, ...comments },
});

describe('writableFields and differsFromServer', () => {
  it('lists the caller’s values and comments in page order, not another profile’s', () => {
    expect(fields.map(fieldKey)).toEqual(['value-2', 'comment-2', 'value-7', 'value-6', 'value-8']);
  });

  it('sees no change where only the typing differs (a comma number, blanks, an empty choice list)', () => {
    expect(differsFromServer(view, edit(base, { 7: '35,0', 6: [] }, { 2: ' ok ' }))).toBe(false);
    expect(differsFromServer(view, edit(base, { 2: 'Technicienne', 8: null }))).toBe(false);
    expect(differsFromServer(view, edit(base, { 7: '36' }))).toBe(true);
    expect(differsFromServer(view, edit(base, {}, { 2: 'à revoir' }))).toBe(true);
  });
});

describe('mergeReply', () => {
  it('takes what only one side changed and reports no conflict', () => {
    const mine = edit(base, { 2: 'Développeuse' });
    const server = edit(base, { 7: 28 });
    const { merged, conflicts } = mergeReply(base, mine, server, fields);
    expect(conflicts).toEqual([]);
    expect(merged.values[2]).toBe('Développeuse');
    expect(merged.values[7]).toBe(28);
    // Another profile's answer is the server's.
    expect(merged.values[30]).toBe('tuteur');
  });

  it('reports a field both sides changed differently, keeping the user’s answer until they choose', () => {
    const mine = edit(base, { 2: 'Développeuse', 6: ['ERP'] }, { 2: 'mon commentaire' });
    const server = edit(base, { 2: 'Technicienne réseau', 6: ['ERP'] }, { 2: 'ok' });
    const { merged, conflicts } = mergeReply(base, mine, server, fields);
    expect(conflicts.map(fieldKey)).toEqual(['value-2']);
    expect(merged.values[2]).toBe('Développeuse');
    expect(merged.comments[2]).toBe('mon commentaire');
    expect(merged.values[6]).toEqual(['ERP']);
  });

  it('sees a file answer by its stored file, not by its signed link', () => {
    const file = { id: 5, originalName: 'rapport.pdf', pathName: 'a/b.pdf' };
    const mine = edit(base, { 8: { ...file, url: '/inline-file/old' } });
    const server = edit(base, { 8: { ...file, url: '/inline-file/new' } });
    expect(mergeReply(base, mine, server, fields).conflicts).toEqual([]);
  });

  it('treats the interview date as a field of its own', () => {
    const dated = fixtureView({
      questions: [item(0, { type: 11, index: 50000, writable: true }), item(2, { type: 0 })],
    });
    const start = initialDraft(dated);
    const dateFields = writableFields(dated);
    expect(dateFields.map(fieldKey)).toEqual(['value-2', 'interviewDate']);
    const { conflicts } = mergeReply(
      start,
      { ...start, interviewDate: '2026-03-02' },
      { ...start, interviewDate: '2026-03-09' },
      dateFields,
    );
    expect(conflicts.map(fieldKey)).toEqual(['interviewDate']);
  });
});

describe('applyChoices', () => {
  it('keeps the user’s answer or takes the server’s, field by field', () => {
    const mine = edit(base, { 2: 'Développeuse', 7: 40 });
    const server = edit(base, { 2: 'Technicienne réseau', 7: 30 });
    const { merged, conflicts } = mergeReply(base, mine, server, fields);
    expect(conflicts.map(fieldKey)).toEqual(['value-2', 'value-7']);
    const chosen = applyChoices(merged, server, conflicts, { 'value-2': 'server', 'value-7': 'mine' });
    expect(chosen.values[2]).toBe('Technicienne réseau');
    expect(chosen.values[7]).toBe(40);
    const allServer = applyChoices(merged, server, conflicts, { 'value-2': 'server', 'value-7': 'server' });
    expect(allServer.values).toEqual(server.values);
  });
});

describe('pendingKey', () => {
  it('names the user, the triad, the questionnaire and the profile', () => {
    expect(pendingKey('1:apprenti', 4, 9, 1)).toBe('pending 1:apprenti 4 9 1');
    expect(pendingKey('1:apprenti', 4, 9, null)).toBe('pending 1:apprenti 4 9 0');
  });
});
