import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, NetworkError } from './api-client';
import { offlineQueryDefaults } from './offline-queries';
import type { KeptAnswer } from './offline-store';

// jsdom has no IndexedDB: the stores are stood in for by maps.
const stores = vi.hoisted(() => new Map<string, Map<string, KeptAnswer>>());
vi.mock('./offline-store', () => ({
  keepAnswer: async (store: string, key: string, value: unknown) => {
    if (!stores.has(store)) stores.set(store, new Map());
    stores.get(store)!.set(key, { key, value, savedAt: Date.now() });
  },
  readKeptAnswer: async (store: string, key: string) => stores.get(store)?.get(key),
}));

/** An unsigned token naming a user: only its payload is read on the client. */
function signInAs(sub: string) {
  const payload = btoa(JSON.stringify({ sub, username: `user${sub}`, roles: [], platform: 1 })).replace(/=+$/, '');
  sessionStorage.setItem('lea_token', `header.${payload}.signature`);
  sessionStorage.setItem('lea_refresh_token', 'refresh');
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, ...offlineQueryDefaults } } });
const offline = () => Promise.reject(new NetworkError('Failed to fetch'));

beforeEach(() => signInAs('7'));
afterEach(() => {
  stores.clear();
  sessionStorage.clear();
});

describe('queries kept for offline use', () => {
  it('answers the last kept copy when the network is gone, in the store the spec names', async () => {
    await client().fetchQuery({ queryKey: ['document', 'list', 3], queryFn: async () => ({ documents: ['contract.pdf'] }) });
    await vi.waitFor(() => expect(stores.get('triad')?.size).toBe(1));

    const later = client();
    await expect(later.fetchQuery({ queryKey: ['document', 'list', 3], queryFn: offline })).resolves.toEqual({
      documents: ['contract.pdf'],
    });
    await expect(later.fetchQuery({ queryKey: ['document', 'list', 4], queryFn: offline })).rejects.toBeInstanceOf(NetworkError);
  });

  it("never reads one user's copy for another, while the platform's public answers are everyone's", async () => {
    await client().fetchQuery({ queryKey: ['notepad', 3], queryFn: async () => ({ notes: ['private'] }) });
    await client().fetchQuery({ queryKey: ['platform', 'design'], queryFn: async () => ({ title: 'CFA' }) });
    await vi.waitFor(() => expect(stores.get('design')?.size).toBe(1));

    signInAs('8');
    await expect(client().fetchQuery({ queryKey: ['notepad', 3], queryFn: offline })).rejects.toBeInstanceOf(NetworkError);
    await expect(client().fetchQuery({ queryKey: ['platform', 'design'], queryFn: offline })).resolves.toEqual({ title: 'CFA' });
  });

  it('does not hide an answer of the server behind a copy', async () => {
    await client().fetchQuery({ queryKey: ['notepad', 3], queryFn: async () => ({ notes: [] }) });
    await vi.waitFor(() => expect(stores.get('triad')?.size).toBe(1));
    const forbidden = () => Promise.reject(new ApiRequestError(403, 'Forbidden'));
    await expect(client().fetchQuery({ queryKey: ['notepad', 3], queryFn: forbidden })).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('keeps nothing personal when nobody is signed in', async () => {
    sessionStorage.clear();
    await client().fetchQuery({ queryKey: ['user', 'me'], queryFn: async () => ({ id: 1 }) });
    expect(stores.size).toBe(0);
  });
});
