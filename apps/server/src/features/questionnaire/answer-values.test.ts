import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { checkAnswerValue, validateCompletion, VALUE_MESSAGES } from './answer-values.js';
import type { RuleQuestion } from './rules.js';
import { canonicalJson, replyDigest } from './save-checks.js';

const question = (overrides: Partial<RuleQuestion> = {}): RuleQuestion => ({
  id: 1,
  parentId: null,
  itemType: 'field',
  type: 0,
  access: [1],
  enabled: true,
  required: false,
  clusterDisplayMode: null,
  valueList: [
    { value: 'Oui', mark: 1 },
    { value: 'Non', mark: 0 },
  ],
  maximalMark: null,
  ...overrides,
});

describe('answer values', () => {
  it('checks each field type and normalises the stored value', () => {
    expect(checkAnswerValue(question({ type: 0 }), 'texte')).toEqual({ ok: true, value: 'texte' });
    expect(checkAnswerValue(question({ type: 1 }), 12)).toEqual({ ok: false, message: VALUE_MESSAGES.text });
    expect(checkAnswerValue(question({ type: 2 }), 'Oui')).toEqual({ ok: true, value: 'Oui' });
    expect(checkAnswerValue(question({ type: 3 }), 'Peut-être')).toEqual({ ok: false, message: VALUE_MESSAGES.choice });
    expect(checkAnswerValue(question({ type: 4 }), ['Oui', 'Oui', 'Non'])).toEqual({ ok: true, value: ['Oui', 'Non'] });
    expect(checkAnswerValue(question({ type: 4 }), 'Oui')).toEqual({ ok: false, message: VALUE_MESSAGES.choice });
    expect(checkAnswerValue(question({ type: 8 }), '12,5')).toEqual({ ok: true, value: 12.5 });
    expect(checkAnswerValue(question({ type: 8 }), 'douze')).toEqual({ ok: false, message: MESSAGES.number });
    expect(checkAnswerValue(question({ type: 11 }), '2026-02-29')).toEqual({ ok: false, message: VALUE_MESSAGES.date });
    expect(checkAnswerValue(question({ type: 11 }), '2028-02-29')).toEqual({ ok: true, value: '2028-02-29' });
    expect(checkAnswerValue(question({ type: 12 }), '2026-01-15T09:05')).toEqual({ ok: true, value: '2026-01-15 09:05' });
    expect(checkAnswerValue(question({ type: 12 }), '2026-01-15 24:00')).toEqual({ ok: false, message: VALUE_MESSAGES.dateTime });
    expect(checkAnswerValue(question({ type: 10 }), 'fichier.pdf')).toEqual({ ok: false, message: VALUE_MESSAGES.file });
  });

  it('validates required fields, radio rows (one suffices), grid rows (each) and the interview date', () => {
    const questions = [
      question({ id: 1, required: true }),
      question({ id: 2, required: true, enabled: false }),
      question({ id: 3, required: true, access: [2] }),
      question({ id: 10, itemType: 'cluster' }),
      question({ id: 11, parentId: 10, type: 3, required: true, clusterDisplayMode: 1 }),
      question({ id: 12, parentId: 10, type: 3, required: true, clusterDisplayMode: 1 }),
      question({ id: 20, itemType: 'cluster' }),
      question({ id: 21, parentId: 20, type: 3, required: true, clusterDisplayMode: 2 }),
      question({ id: 22, parentId: 20, type: 3, required: true, clusterDisplayMode: 2 }),
      question({ id: 23, parentId: 20, type: 3, required: false, clusterDisplayMode: 2 }),
    ];
    const required = (field: string) => ({ field, message: MESSAGES.required });
    expect(validateCompletion(questions, 1, new Map(), { required: true, value: null })).toEqual([
      required('question-1'),
      required('question-21'),
      required('question-22'),
      required('question-10'),
      required('question-0'),
    ]);
    const filled = new Map<number, unknown>([
      [1, 'x'],
      [12, 'Oui'],
      [21, 'Oui'],
      [22, 'Non'],
    ]);
    expect(validateCompletion(questions, 1, filled, { required: true, value: '2026-03-01' })).toEqual([]);
    expect(
      validateCompletion(
        questions,
        1,
        new Map<number, unknown>([
          [1, '  '],
          [11, 'Oui'],
          [21, 'Oui'],
          [22, 'Oui'],
        ]),
        { required: false, value: null },
      ),
    ).toEqual([required('question-1')]);
  });

  it('digests the canonical JSON, whatever the order of keys and answers', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'é' }] })).toBe('{"a":[{"c":"é","d":null}],"b":1}');
    const base = { questionnaireId: 1, triadId: 2, profile: 1, interviewDate: null };
    const one = replyDigest({
      ...base,
      answers: [
        { questionId: 2, value: ['a'], answerComment: null },
        { questionId: 1, value: 'x', answerComment: 'c' },
      ],
    });
    const two = replyDigest({
      ...base,
      answers: [
        { questionId: 1, value: 'x', answerComment: 'c' },
        { questionId: 2, value: ['a'], answerComment: null },
      ],
    });
    expect(one).toBe(two);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(replyDigest({ ...base, answers: [{ questionId: 1, value: 'y', answerComment: 'c' }] })).not.toBe(one);
  });
});
