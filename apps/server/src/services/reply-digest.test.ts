import { describe, expect, it } from 'vitest';
import { replyDigest } from './reply-digest.js';

describe('replyDigest', () => {
  const choices = { questionId: 7, value: ['b', 'a'], answerComment: 'vu' };
  const text = { questionId: 3, value: 'Sur site', answerComment: null };
  const answers = [choices, text];

  it('does not depend on the order the answers come in', () => {
    expect(replyDigest(answers)).toBe(replyDigest([...answers].reverse()));
    expect(replyDigest(answers)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with a value or a comment, and treats a missing comment as null', () => {
    const base = replyDigest(answers);
    expect(replyDigest([{ ...choices, value: ['a', 'b'] }, text])).not.toBe(base);
    expect(replyDigest([{ ...choices, answerComment: 'autre' }, text])).not.toBe(base);
    expect(replyDigest([choices, { questionId: 3, value: 'Sur site' }])).toBe(base);
  });
});
