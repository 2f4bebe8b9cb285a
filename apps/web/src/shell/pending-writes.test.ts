import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { KeptAnswer } from './offline-store';
import { claimPendingWrite, sendPendingWrites } from './pending-writes';

// jsdom has no IndexedDB: the questionnaire store is stood in for by a map.
const kept = vi.hoisted(() => new Map<string, KeptAnswer>());
vi.mock('./offline-store', () => ({
  listKeptAnswers: async (_store: string, prefix: string) => [...kept.values()].filter((entry) => entry.key.startsWith(prefix)),
  dropKeptAnswer: async (_store: string, key: string) => void kept.delete(key),
}));

function signInAs(sub: string) {
  const payload = btoa(JSON.stringify({ sub, username: `user${sub}`, roles: [], platform: 1 })).replace(/=+$/, '');
  sessionStorage.setItem('lea_token', `header.${payload}.signature`);
  sessionStorage.setItem('lea_refresh_token', 'refresh');
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pending = (key: string, version: number) => ({
  key,
  savedAt: 1,
  value: {
    baseVersion: version,
    write: { method: 'PUT', path: `/app/questionnaire/save/${key.split(' ')[2]}/9`, body: { draft: 1, version } },
  },
});

const puts: { path: string; body: unknown }[] = [];
function answerWith(respond: (path: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      puts.push({ path, body: JSON.parse(String(init?.body)) });
      return respond(path);
    }),
  );
}

beforeEach(() => signInAs('7'));
afterEach(() => {
  kept.clear();
  puts.length = 0;
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('sendPendingWrites', () => {
  it('replays the signed-in user’s kept saves with their base version and forgets the ones that went through', async () => {
    kept.set('pending 1:7 4 9 1', pending('pending 1:7 4 9 1', 3) as KeptAnswer);
    kept.set('pending 1:8 5 9 1', pending('pending 1:8 5 9 1', 1) as KeptAnswer);
    answerWith(() => json(200, { hasError: false, responses: [] }));
    await sendPendingWrites(new QueryClient());
    expect(puts).toEqual([{ path: expect.stringMatching(/^\/api\/\w+\/app\/questionnaire\/save\/4\/9$/), body: { draft: 1, version: 3 } }]);
    // Another user's answers are neither sent nor dropped.
    expect([...kept.keys()]).toEqual(['pending 1:8 5 9 1']);
  });

  it('leaves a refused save (409, the reply moved on) for its page to show the conflict', async () => {
    kept.set('pending 1:7 4 9 1', pending('pending 1:7 4 9 1', 3) as KeptAnswer);
    answerWith(() => json(409, { code: 409, message: 'Ce questionnaire a été modifié entre-temps, rechargez la page' }));
    await sendPendingWrites(new QueryClient());
    expect(puts).toHaveLength(1);
    expect(kept.has('pending 1:7 4 9 1')).toBe(true);
  });

  it('skips what an open page is sending itself', async () => {
    kept.set('pending 1:7 4 9 1', pending('pending 1:7 4 9 1', 3) as KeptAnswer);
    answerWith(() => json(200, { hasError: false, responses: [] }));
    const release = claimPendingWrite('pending 1:7 4 9 1');
    await sendPendingWrites(new QueryClient());
    expect(puts).toHaveLength(0);
    release();
    await sendPendingWrites(new QueryClient());
    expect(puts).toHaveLength(1);
    expect(kept.size).toBe(0);
  });
});
