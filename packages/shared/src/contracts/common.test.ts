import { describe, expect, it } from 'vitest';
import { BodyId, Id, Index, INT4_MAX } from './common.js';
import { FormId, GenericListQuery } from './manager.js';
import { AnswerInput } from './questionnaire.js';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('ids, positions and offsets stay within PostgreSQL int4', () => {
  it('reads an id from text or a number, from 1 to int4 maximum', () => {
    expect(Id.parse('2147483647')).toBe(INT4_MAX);
    for (const value of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '']) expect(accepts(Id, value), value).toBe(false);
  });

  it('takes a body id as a number only, within the same range', () => {
    expect(BodyId.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const value of [INT4_MAX + 1, 1e20, 0, 1.5, '12']) expect(accepts(BodyId, value), String(value)).toBe(false);
  });

  it('bounds positions, offsets and the ids nested in bodies and form values', () => {
    expect(Index.parse('0')).toBe(0);
    expect(accepts(Index, '2147483648')).toBe(false);
    expect(accepts(GenericListQuery, { offset: '2147483648' })).toBe(false);
    expect(accepts(AnswerInput, { questionId: INT4_MAX + 1, value: null })).toBe(false);
    expect(accepts(FormId, ['2147483648'])).toBe(false);
  });
});
