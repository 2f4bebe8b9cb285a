import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { pgListener, type PgListener } from './pg-listener.js';
import { RememberedAnswers } from './remembered-answers.js';

/**
 * Caches of what rarely changes (the platform of a hostname, its design and texts, a questionnaire's
 * structure, a course's menu), correct with several server processes (decision 033).
 *
 * A write says what it changed with `changed(topic, key, tx)`: this process forgets the entry at once,
 * and on PostgreSQL a NOTIFY on `lea_cache` (sent in the write's transaction, so delivered when it
 * commits) makes every process forget it, this one included. Until a process listens, and after its
 * connection is lost until it listens again, its caches keep nothing (every read goes to the
 * database). PGlite is one process: forgetting locally is all a write needs; it also LISTENs on its
 * session, for the notices database triggers send (topic `me`, decision 041).
 *
 * Each entry is read once however many requests ask for it meanwhile, and a read that started before
 * a change is not kept (the cache's generation moved on while it ran).
 */

const CHANNEL = 'lea_cache';

/** The cached topics; the key is the row the entry is built from (a platform, a questionnaire, a course). */
export type CacheTopic =
  | 'platform'
  | 'design'
  | 'dataAgreement'
  | 'profileTitles'
  | 'questionnaire'
  | 'courseMenu'
  | 'session'
  | 'documentCategories'
  | 'me'
  /** Sent by database triggers only (migration 0014), keyed by course: the remembered answers (decision 042). */
  | 'answers';

type CacheKey = string | number;

export type SharedCache<V> = {
  get(key: CacheKey, load: () => Promise<V>): Promise<V>;
  /** Entries held now (the tests' probe). */
  size(): number;
};

export type CacheBus = {
  /** The cache of a topic (one per topic and bus), holding at most `max` entries. */
  cache<V>(topic: CacheTopic, max: number): SharedCache<V>;
  /**
   * Tells every process that `key` of `topic` changed (null: every key). Pass the write's transaction
   * so that other processes hear it only once it is committed.
   */
  changed(topic: CacheTopic, key: CacheKey | null, db?: DbOrTx): Promise<void>;
  /**
   * Forgets `key` of `topic` in this process only, at once. For a topic whose changes database
   * triggers announce to every process when they commit (`me`, decision 041): the writer calls it after
   * its commit, so that its caller's next read, answered maybe before the notice arrives, sees the change.
   */
  forgetHere(topic: CacheTopic, key: CacheKey): void;
  /** The answers of the busiest reads, by course (decision 042; http/remembered.ts). */
  answers: RememberedAnswers;
  /** Resolves once this process listens (PostgreSQL) and its caches may keep entries. */
  ready(): Promise<void>;
  close(): Promise<void>;
};

type Entry<V> = { value: Promise<V> };

class TopicCache<V> implements SharedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private generation = 0;

  constructor(
    private readonly max: number,
    private readonly enabled: () => boolean,
  ) {}

  async get(key: CacheKey, load: () => Promise<V>): Promise<V> {
    if (!this.enabled()) return load();
    const id = String(key);
    const hit = this.entries.get(id);
    if (hit) return hit.value;
    const generation = this.generation;
    const value = load();
    const entry = { value };
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, entry);
    try {
      await value;
    } catch (error) {
      if (this.entries.get(id) === entry) this.entries.delete(id);
      throw error;
    }
    // A change arrived while reading: what was read may be older than it, keep nothing.
    if (generation !== this.generation && this.entries.get(id) === entry) this.entries.delete(id);
    return value;
  }

  forget(key: string | null): void {
    this.generation += 1;
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }

  size(): number {
    return this.entries.size;
  }
}

type Notice = { topic: CacheTopic; key: string | null };

function parseNotice(payload: string): Notice | null {
  try {
    const notice = JSON.parse(payload) as Notice;
    return typeof notice.topic === 'string' && (notice.key === null || typeof notice.key === 'string') ? notice : null;
  } catch {
    return null;
  }
}

/** Topics whose changes no remembered answer shows (the session is checked before an answer is looked up). */
const ANSWERS_IGNORE: ReadonlySet<CacheTopic> = new Set(['session', 'me']);

function createBus(database: Database): CacheBus {
  const caches = new Map<CacheTopic, TopicCache<unknown>>();
  // Answers are kept only while this process hears the notices (`enabled`, set below).
  const answers = new RememberedAnswers(() => enabled());
  const forget = (topic: CacheTopic, key: string | null) => {
    caches.get(topic)?.forget(key);
    if (topic === 'answers') answers.forget(key === null || !/^\d+$/.test(key) ? null : Number(key));
    else if (!ANSWERS_IGNORE.has(topic)) answers.forget(null);
  };
  const forgetAll = () => {
    caches.forEach((cache) => cache.forget(null));
    answers.forget(null);
  };
  const onPayload = (payload: string) => {
    const notice = parseNotice(payload);
    if (notice) forget(notice.topic, notice.key);
    else forgetAll();
  };
  const connectionString = database.kind === 'postgres' ? database.pool?.options.connectionString : undefined;
  let listener: PgListener | null = null;
  if (connectionString) {
    listener = pgListener(connectionString, CHANNEL, { onPayload, onLost: forgetAll });
    listener.start();
  }
  // Embedded PGlite: its caches keep nothing until its session listens either.
  let embeddedListening = database.listen === null;
  const embedded = database.listen?.(CHANNEL, onPayload).then(
    () => {
      embeddedListening = true;
    },
    () => undefined,
  );
  // This process's own committed writes, before their notices come back (PostgreSQL).
  database.onCommittedWrite?.(() => answers.forget(null));
  function enabled(): boolean {
    return listener ? listener.listening() : embeddedListening;
  }

  return {
    cache<V>(topic: CacheTopic, max: number) {
      let cache = caches.get(topic);
      if (!cache) {
        cache = new TopicCache<unknown>(max, enabled);
        caches.set(topic, cache);
      }
      return cache as SharedCache<V>;
    },
    async changed(topic, key, db) {
      const id = key === null ? null : String(key);
      forget(topic, id);
      if (!listener) return;
      const payload = JSON.stringify({ topic, key: id } satisfies Notice);
      await (db ?? database.db).execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    forgetHere(topic, key) {
      forget(topic, String(key));
    },
    answers,
    ready: async () => {
      await listener?.ready();
      await embedded;
    },
    close: async () => {
      await listener?.close();
      forgetAll();
    },
  };
}

const buses = new WeakMap<object, CacheBus>();

/**
 * The cache bus of a database (one per app: the tests' apps never share entries); the app keeps it as
 * `ctx.cache`.
 */
export function cacheBusOf(database: Database): CacheBus {
  let bus = buses.get(database.db);
  if (!bus) {
    bus = createBus(database);
    buses.set(database.db, bus);
  }
  return bus;
}

export async function closeCacheBus(database: Database): Promise<void> {
  const bus = buses.get(database.db);
  buses.delete(database.db);
  if (bus) await bus.close();
}
