import { describe, expect, it } from 'vitest';
import { RememberedAnswers } from './remembered-answers.js';

const body = (text: string) => Buffer.from(JSON.stringify({ text }));
const limits = { maxBytes: 1000, maxEntries: 3, ttlMs: 60_000 };

describe('remembered answers (decision 042)', () => {
  it('keeps an answer until a write of its course, or of any course, is heard; other courses keep theirs', () => {
    const answers = new RememberedAnswers(() => true, limits);
    answers.keep('a', body('course 1'), 1, answers.mark());
    answers.keep('b', body('course 2'), 2, answers.mark());
    answers.keep('all', body('every course'), null, answers.mark());
    answers.forget(1);
    expect(answers.get('a')).toBeUndefined();
    expect(answers.get('b')?.body.toString()).toContain('course 2');
    // An answer over several courses is old after any course's write.
    expect(answers.get('all')).toBeUndefined();
    answers.forget(null);
    expect(answers.get('b')).toBeUndefined();
    expect(answers.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('does not keep what was read while its course (or any course) changed', () => {
    const answers = new RememberedAnswers(() => true, limits);
    const mark = answers.mark();
    answers.forget(2);
    expect(answers.keep('other', body('course 1'), 1, mark)).not.toBeNull();
    expect(answers.keep('same', body('course 2'), 2, mark)).toBeNull();
    expect(answers.keep('wide', body('every course'), null, mark)).toBeNull();
    const later = answers.mark();
    answers.forget(null);
    expect(answers.keep('after everything', body('course 1'), 1, later)).toBeNull();
    // More notices than the log holds: the read is not trusted.
    const long = answers.mark();
    for (let course = 100; course < 2200; course++) answers.forget(course);
    expect(answers.keep('long read', body('course 1'), 1, long)).toBeNull();
  });

  it('keeps nothing while the notices cannot be heard', () => {
    let listening = false;
    const answers = new RememberedAnswers(() => listening, limits);
    expect(answers.keep('a', body('x'), 1, answers.mark())).toBeNull();
    listening = true;
    answers.keep('a', body('x'), 1, answers.mark());
    listening = false;
    expect(answers.get('a')).toBeUndefined();
  });

  it('forgets an answer when its time is up or the hour turns', () => {
    const answers = new RememberedAnswers(() => true, limits);
    const start = Date.UTC(2026, 11, 6, 21, 59, 0);
    answers.keep('a', body('x'), 1, answers.mark(), start);
    expect(answers.get('a', start + 30_000)).toBeDefined();
    expect(answers.get('a', start + 61_000)).toBeUndefined();
    answers.keep('b', body('y'), 1, answers.mark(), start);
    // 22:00 UTC is midnight in Paris in summer, 23:00 in winter: the hour is the unit.
    expect(answers.get('b', Date.UTC(2026, 11, 6, 22, 0, 1))).toBeUndefined();
  });

  it('stays within its budget, forgetting the least recently used first, compressed copies included', () => {
    const answers = new RememberedAnswers(() => true, limits);
    for (const key of ['a', 'b', 'c']) answers.keep(key, body(key), 1, answers.mark());
    answers.get('a');
    answers.keep('d', body('d'), 1, answers.mark());
    expect(answers.get('b')).toBeUndefined();
    expect(answers.get('a')).toBeDefined();
    const big = answers.get('c')!;
    answers.encodedBody(big, 'br', () => Buffer.alloc(200));
    const before = answers.size().bytes;
    expect(before).toBeGreaterThan(200);
    // Too large for the budget: answered, never kept.
    expect(answers.keep('huge', Buffer.alloc(600), 1, answers.mark())).toBeNull();
    answers.forget(1);
    expect(answers.size()).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('remembered answers: reads in flight', () => {
  it('reads once for the requests that miss together, and not for a request that follows a change', async () => {
    const answers = new RememberedAnswers(() => true, limits);
    let reads = 0;
    let release: () => void = () => undefined;
    const read = () => {
      reads += 1;
      const text = `read ${reads}`;
      return new Promise<{ body: Buffer; course: number }>((resolve) => {
        release = () => resolve({ body: body(text), course: 1 });
      });
    };
    const first = answers.answer('k', read);
    const second = answers.answer('k', read);
    release();
    expect((await first).body.toString()).toBe((await second).body.toString());
    expect(reads).toBe(1);
    answers.forget(1);
    const before = answers.answer('k', read);
    const releaseBefore = release;
    answers.forget(1);
    const after = answers.answer('k', read);
    expect(reads).toBe(3);
    release();
    releaseBefore();
    expect((await after).body.toString()).toContain('read 3');
    expect((await before).body.toString()).toContain('read 2');
    // The older read overlapped a change of its course: answered to its caller, not kept over the newer one.
    expect(answers.get('k')?.body.toString()).toContain('read 3');
  });
});
