import { describe, expect, it } from 'vitest';
import { managerAccess } from './access';
import { sectionOfPath } from './sections';

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

describe('sectionOfPath', () => {
  it('finds the menu entry of a sub-path', () => {
    expect(sectionOfPath('triad/edit/3')?.key).toBe('triad');
    expect(sectionOfPath('mail')?.key).toBe('mail');
    expect(sectionOfPath('')).toBeNull();
    expect(sectionOfPath('skin')).toBeNull();
  });
});
