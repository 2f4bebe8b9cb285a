import { describe, expect, it } from 'vitest';
import { hasMessageContent, type MessageSummary } from '@lea/shared';
import { matchesSearch } from './conversation-list';
import { parseRecipient, recipientOptions } from './new-message-form';

const summary: MessageSummary = {
  id: 1,
  title: 'Convention de stage',
  date: '2026-01-05T10:00:00.000Z',
  sender: { id: 2, fullName: 'Lucas Martin' },
  last: { sender: { id: 3, fullName: 'Julien Bernard' }, date: '2026-01-06T10:00:00.000Z' },
  userNew: 1,
  trainingCourse: 4,
};

describe('messaging helpers', () => {
  it('searches titles and senders, case-insensitively', () => {
    expect(matchesSearch(summary, '')).toBe(true);
    expect(matchesSearch(summary, 'CONVENTION')).toBe(true);
    expect(matchesSearch(summary, 'bernard')).toBe(true);
    expect(matchesSearch(summary, 'absence')).toBe(false);
  });

  it('groups the recipients by profile, one value per person and profile', () => {
    const options = recipientOptions(
      {
        trainingCourse: 4,
        groups: [
          { profile: 2, recipients: [{ id: 3, fullName: 'Julien Bernard' }] },
          { profile: 4, recipients: [{ id: 5, fullName: 'Sophie Laurent' }] },
        ],
      },
      (profile) => `P${profile}`,
    );
    expect(options).toEqual([
      { group: 'P2', items: [{ value: '3:2', label: 'Julien Bernard' }] },
      { group: 'P4', items: [{ value: '5:4', label: 'Sophie Laurent' }] },
    ]);
    expect(parseRecipient('3:2')).toEqual({ recipient: 3, profile: 2 });
  });

  it('counts an emptied editor as no content (spec 2 §5)', () => {
    expect(hasMessageContent('<p></p>')).toBe(false);
    expect(hasMessageContent('<p> &nbsp; </p>')).toBe(false);
    expect(hasMessageContent('<p>Bonjour</p>')).toBe(true);
    expect(hasMessageContent('<p><img src="a.png"></p>')).toBe(true);
  });
});
