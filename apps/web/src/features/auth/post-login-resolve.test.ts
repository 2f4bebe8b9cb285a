import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../shell/current-user';
import { getCurrentTriadId, selectTriad } from '../../shell/current-triad';
import { getTokens, readLocal } from '../../shell/session';
import { startSession } from './post-login';
import { mockFetch } from './test-utils';

const person = { id: 9, firstName: 'Alex', lastName: 'Martin', fullName: 'Alex Martin', email: 'a@example.org' };
const user = (roles: string[]) => ({
  id: 9,
  firstName: 'Alex',
  lastName: 'Martin',
  fullName: 'Alex Martin',
  username: 'alex',
  email: 'a@example.org',
  photo: null,
  roles,
  type: 'apprentice',
  userNewMessage: 0,
  personalAddress: { address: null, complement: null, postCode: null, city: null, phone: null, mobile: null },
  parentFirstName: null,
  parentLastName: null,
});
const course = { id: 7, displayName: 'BTS', nbTriad: 1, isLeaManager: false, archive: false, startYear: 2025, endYear: 2027, menu: [] };
const triad = { id: 40, apprentice: person, tutor: null, apprenticeMaster: null, crew: null, active: true };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('startSession', () => {
  it('stores the tokens, caches the user and opens the only triad of the only course', async () => {
    selectTriad(3, 2);
    const calls = mockFetch((url) => {
      if (url.endsWith('/app/user/me')) return { status: 200, body: user(['ROLE_LEA_USER']) };
      if (url.includes('/app/training/list')) return { status: 200, body: { trainingCourses: [course], count: 1 } };
      return { status: 200, body: { triads: [triad], count: 1 } };
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['training', 'list'], 'previous user');
    const path = await startSession(queryClient, { token: 'access', refreshToken: 'refresh' }, true);
    expect(path).toBe('/dashboard/home');
    expect(getTokens()).toEqual({ token: 'access', refreshToken: 'refresh' });
    expect(readLocal('stayConnected')).toBe('1');
    expect(getCurrentTriadId()).toBe(40);
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ id: 9 });
    expect(queryClient.getQueryData(['training', 'list'])).toBeUndefined();
    expect(calls.map((call) => call.url.replace(/^\/api\/\w\w/, ''))).toEqual([
      '/app/user/me',
      '/app/training/list?archive=1&length=20&page=0',
      '/app/triad/list/7',
    ]);
  });

  it('sends an administrator to the admin area without loading courses', async () => {
    selectTriad(3, 2);
    const calls = mockFetch(() => ({ status: 200, body: user(['ROLE_LEA_ADMIN', 'ROLE_LEA_USER']) }));
    const path = await startSession(new QueryClient(), { token: 'access', refreshToken: 'refresh' }, false);
    expect(path).toBe('/admin');
    expect(readLocal('returnPath')).toBe('/dashboard/training-course-list');
    expect(getCurrentTriadId()).toBeNull();
    expect(calls).toHaveLength(1);
    expect(sessionStorage.length).toBeGreaterThan(0);
  });
});
