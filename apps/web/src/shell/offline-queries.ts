import { useSyncExternalStore } from 'react';
import {
  useQueryClient,
  type Query,
  type QueryCache,
  type QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { APP_VERSION } from '@lea/shared';
import { NetworkError } from './api-client';
import type { OfflineStoreName } from './offline-store';
import { signedInUserKey } from './session';

/**
 * Offline reading for every query (spec 1 §4.1, spec 2 §4): each answer is kept in the browser
 * database under its query key and its user, and when the network is gone the query answers the
 * kept copy instead of failing, so any page shows what it last had. Writes are not queued here:
 * actions that need the server are disabled offline (see needs-network.tsx).
 */

/** The browser database (Dexie) is loaded with the first answer to keep, not with the first page's code. */
let storeModule: Promise<typeof import('./offline-store')> | undefined;
const offlineStore = () => (storeModule ??= import('./offline-store'));

/** The platform's public answers (look, legal texts, login-page documents) are everyone's. */
const isPlatformQuery = (queryKey: QueryKey) => queryKey[0] === 'platform';

function storeOf(queryKey: QueryKey): OfflineStoreName {
  if (isPlatformQuery(queryKey)) return 'design';
  if (queryKey[0] === 'user') return 'user';
  if (queryKey[0] === 'questionnaire') return 'questionnaire';
  return 'triad';
}

/** null: nobody is signed in, so a personal answer is neither kept nor read. */
function copyKey(query: Query): string | null {
  const owner = isPlatformQuery(query.queryKey) ? 'platform' : signedInUserKey();
  // Another version of the app may have kept another shape of the same answer.
  return owner && `${owner} ${APP_VERSION} ${query.queryHash}`;
}

/** When each query now on screen was answered from a kept copy: the copy's own time. */
const copyTimes = new Map<string, number>();

/** The query client's `persister`: runs the query, keeps its answer, answers the copy offline. */
export async function keepForOffline<T>(
  queryFn: QueryFunction<T, QueryKey, never>,
  context: QueryFunctionContext<QueryKey>,
  query: Query,
): Promise<T> {
  const store = storeOf(query.queryKey);
  const key = copyKey(query);
  try {
    const data = await queryFn(context);
    copyTimes.delete(query.queryHash);
    if (key) void offlineStore().then(({ keepAnswer }) => keepAnswer(store, key, data));
    return data;
  } catch (error) {
    if (!(error instanceof NetworkError) || !key) throw error;
    const kept = await (await offlineStore()).readKeptAnswer(store, key);
    if (!kept) throw error;
    copyTimes.set(query.queryHash, kept.savedAt);
    return kept.value as T;
  }
}

/**
 * Query-client defaults for offline use. Queries run even when the browser says it is offline
 * (TanStack's default pauses them, which left pages spinning forever) so that they reach the
 * kept copy; mutations fail at once instead of waiting for a network that may not come back.
 */
export const offlineQueryDefaults = { networkMode: 'always', persister: keepForOffline } as const;
export const offlineMutationDefaults = { networkMode: 'always' } as const;

/** The oldest data on screen: the time of a kept copy, else when the query was last answered. */
function oldestShownData(cache: QueryCache): number | null {
  let oldest: number | null = null;
  for (const query of cache.findAll({ type: 'active' })) {
    if (query.state.data === undefined || isPlatformQuery(query.queryKey)) continue;
    const time = copyTimes.get(query.queryHash) ?? query.state.dataUpdatedAt;
    oldest = oldest === null ? time : Math.min(oldest, time);
  }
  return oldest;
}

/** When the data shown dates from (epoch ms), or null when nothing is shown yet. */
export function useShownDataTime(): number | null {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => oldestShownData(cache),
  );
}

/** Back online: what was answered from copies is asked again, even where it still counts as fresh. */
export function refreshKeptCopies(client: QueryClient): void {
  if (copyTimes.size === 0) return;
  void client.invalidateQueries({ predicate: (query) => copyTimes.has(query.queryHash) });
}
