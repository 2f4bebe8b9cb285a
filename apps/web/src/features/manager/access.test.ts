import { describe, expect, it } from 'vitest';
import { managerAccess } from './access';

describe('managerAccess', () => {
  const base = { validId: true, administrator: false, lookup: 'success' as const, isLeaManager: false };

  it('lets administrators in without waiting for the course lookup', () => {
    expect(managerAccess({ ...base, administrator: true, lookup: 'pending', isLeaManager: undefined })).toBe('allowed');
  });

  it('lets in the course managers only', () => {
    expect(managerAccess({ ...base, isLeaManager: true })).toBe('allowed');
    expect(managerAccess(base)).toBe('denied');
    expect(managerAccess({ ...base, isLeaManager: undefined })).toBe('denied');
  });

  it('waits for the lookup, reports its failure and refuses a malformed course id', () => {
    expect(managerAccess({ ...base, lookup: 'pending' })).toBe('pending');
    expect(managerAccess({ ...base, lookup: 'error' })).toBe('error');
    expect(managerAccess({ ...base, validId: false, administrator: true })).toBe('denied');
  });
});
