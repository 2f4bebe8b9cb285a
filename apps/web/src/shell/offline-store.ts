import Dexie, { type Table } from 'dexie';

/**
 * The browser database of spec 1 §3.2 (questionnaire, user, design and triad stores): the last
 * answer of each cached call, read back when the network is gone (spec 1 §4.1, spec 2 §4).
 */
type Entry = { key: string; value: unknown; savedAt: number };
export type OfflineStoreName = 'questionnaire' | 'user' | 'design' | 'triad';

class OfflineDatabase extends Dexie {
  questionnaire!: Table<Entry, string>;
  user!: Table<Entry, string>;
  design!: Table<Entry, string>;
  triad!: Table<Entry, string>;

  constructor() {
    super('lea');
    this.version(1).stores({ questionnaire: 'key', user: 'key', design: 'key', triad: 'key' });
  }
}

let database: OfflineDatabase | null = null;
/** null where the browser has no IndexedDB (private modes, tests): caching is then skipped. */
function open(): OfflineDatabase | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= new OfflineDatabase();
  return database;
}

async function save(store: OfflineStoreName, key: string, value: unknown): Promise<void> {
  await open()?.[store].put({ key, value, savedAt: Date.now() }).catch(() => undefined);
}

async function read(store: OfflineStoreName, key: string): Promise<unknown> {
  const entry = await open()?.[store].get(key).catch(() => undefined);
  return entry?.value;
}

/** A network failure (fetch rejects with a TypeError), as opposed to an HTTP error answer. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Runs `fetcher`, keeps its answer in `store`, and answers the kept copy when the network is
 * down. HTTP errors (401, 403…) are never hidden by the cache. With `parse`, a kept copy that no
 * longer has the answer's shape (kept by an older version of the app) counts as no copy.
 */
export async function withOfflineCopy<T>(
  store: OfflineStoreName,
  key: string,
  fetcher: () => Promise<T>,
  parse?: (kept: unknown) => T,
): Promise<T> {
  try {
    const value = await fetcher();
    void save(store, key, value);
    return value;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = await read(store, key);
    if (kept === undefined) throw error;
    if (!parse) return kept as T;
    try {
      return parse(kept);
    } catch {
      throw error;
    }
  }
}

/** Logout: the signed-in user's copies go (the platform design stays for the login page). */
export async function clearOfflineStore(): Promise<void> {
  const db = open();
  if (!db) return;
  await Promise.all([db.questionnaire.clear(), db.user.clear(), db.triad.clear()]).catch(() => undefined);
}
