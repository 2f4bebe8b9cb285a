import Dexie, { type Table } from 'dexie';

/**
 * The browser database of spec 1 §3.2 (questionnaire, user, design and triad stores): the last
 * answer of each query, read back when the network is gone (spec 1 §4.1, spec 2 §4). The design
 * store holds the platform's public answers (look, legal texts), which the login page shows to
 * anyone; the three others hold one signed-in user's data and are emptied at logout.
 */
export type KeptAnswer = { key: string; value: unknown; savedAt: number };
export type OfflineStoreName = 'questionnaire' | 'user' | 'design' | 'triad';
const PERSONAL_STORES = ['questionnaire', 'user', 'triad'] as const;

class OfflineDatabase extends Dexie {
  questionnaire!: Table<KeptAnswer, string>;
  user!: Table<KeptAnswer, string>;
  design!: Table<KeptAnswer, string>;
  triad!: Table<KeptAnswer, string>;

  constructor() {
    super('lea');
    const stores = { questionnaire: 'key', user: 'key', design: 'key', triad: 'key' };
    this.version(1).stores(stores);
    // Version 1 kept a few answers under ad-hoc keys: nothing reads them any more.
    this.version(2)
      .stores(stores)
      .upgrade((transaction) => Promise.all(Object.keys(stores).map((name) => transaction.table(name).clear())));
  }
}

let database: OfflineDatabase | null = null;
/** null where the browser has no IndexedDB (private modes, tests): nothing is kept then. */
function open(): OfflineDatabase | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= new OfflineDatabase();
  return database;
}

/** A quota or a value the browser cannot clone only costs the offline copy. */
export async function keepAnswer(store: OfflineStoreName, key: string, value: unknown): Promise<void> {
  await open()
    ?.[store].put({ key, value, savedAt: Date.now() })
    .catch(() => undefined);
}

export async function readKeptAnswer(store: OfflineStoreName, key: string): Promise<KeptAnswer | undefined> {
  return open()
    ?.[store].get(key)
    .catch(() => undefined);
}

/** Every kept answer whose key starts with `prefix` (the writes waiting for the network of one user). */
export async function listKeptAnswers(store: OfflineStoreName, prefix: string): Promise<KeptAnswer[]> {
  return (
    (await open()
      ?.[store].where('key')
      .startsWith(prefix)
      .toArray()
      .catch(() => [])) ?? []
  );
}

export async function dropKeptAnswer(store: OfflineStoreName, key: string): Promise<void> {
  await open()
    ?.[store].delete(key)
    .catch(() => undefined);
}

/**
 * Logout: the signed-in user's copies go, with the answers typed offline and not yet sent (decision 037:
 * a shared computer must not keep them); the platform's look and legal texts stay for the login page.
 */
export async function clearOfflineStore(): Promise<void> {
  const db = open();
  if (!db) return;
  await Promise.all(PERSONAL_STORES.map((name) => db[name].clear())).catch(() => undefined);
}
