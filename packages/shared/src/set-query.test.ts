import { describe, expect, it } from 'vitest';
import { readSetQuery, writeSetQuery } from './set-query.js';

describe('set query', () => {
  it('reads back what it writes', () => {
    expect(readSetQuery(writeSetQuery([{ name: 'subject', value: 12 }]))).toEqual({ subject: '12' });
  });
  it('reads anything malformed as no pair', () => {
    expect(readSetQuery(undefined)).toEqual({});
    expect(readSetQuery('subject:12')).toEqual({});
    expect(readSetQuery('{"name":"subject"}')).toEqual({});
    expect(readSetQuery('[{"name":1,"value":"2"},null,{"name":"unit","value":{}}]')).toEqual({});
  });
});
