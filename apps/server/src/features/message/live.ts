import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../http/context.js';
import { pgListener } from '../../services/pg-listener.js';

/** What changed for some readers: a conversation of a platform (a new message, a read, a deletion). */
export type MessageChange = { platformId: number; userIds: number[]; conversation: number };
type Listener = (conversation: number) => void;

/** Tells every server process's live streams that some readers' messages changed (decision 030). */
export type MessageBus = {
  publish(change: MessageChange): Promise<void>;
  subscribe(platformId: number, userId: number, listener: Listener): () => void;
  /**
   * Resolves once this process hears every later change (its LISTEN is in place): a stream reads the
   * reader's first total after it, so that no message written meanwhile goes unheard.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = 'lea_messages';
/** PostgreSQL's NOTIFY payload stays under 8000 bytes: recipients go in batches. */
const USERS_PER_NOTICE = 400;

const keyOf = (platformId: number, userId: number) => `${platformId}:${userId}`;

function localEmitter() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit(change: MessageChange) {
      for (const userId of change.userIds) emitter.emit(keyOf(change.platformId, userId), change.conversation);
    },
    subscribe(platformId: number, userId: number, listener: Listener) {
      const key = keyOf(platformId, userId);
      emitter.on(key, listener);
      return () => emitter.off(key, listener);
    },
    count: () => emitter.eventNames().reduce((total, name) => total + emitter.listenerCount(name), 0),
  };
}

/** Embedded PGlite: one process owns the database, so the streams of that process are all there is. */
function inProcessBus(): MessageBus {
  const local = localEmitter();
  return {
    publish: async (change) => local.emit(change),
    subscribe: local.subscribe,
    ready: async () => {},
    close: async () => {},
  };
}

function isChange(value: unknown): value is MessageChange {
  const change = value as MessageChange;
  return (
    typeof change === 'object' &&
    change !== null &&
    Number.isInteger(change.platformId) &&
    Number.isInteger(change.conversation) &&
    Array.isArray(change.userIds) &&
    change.userIds.every((id) => Number.isInteger(id))
  );
}

/**
 * PostgreSQL: a change is a NOTIFY on one channel, which every process LISTENs to on a connection of
 * its own (opened with the first stream, reopened after a loss while streams remain), so that a
 * reader connected to any process behind the load balancer hears about a message written through another.
 */
function postgresBus(database: Database, connectionString: string): MessageBus {
  const local = localEmitter();
  const listener = pgListener(connectionString, CHANNEL, {
    keepAlive: () => local.count() > 0,
    onPayload(payload) {
      try {
        const change: unknown = JSON.parse(payload);
        if (isChange(change)) local.emit(change);
      } catch {
        // Only this server writes on the channel; a payload it cannot read is dropped.
      }
    },
  });

  return {
    async publish(change) {
      for (let start = 0; start < change.userIds.length; start += USERS_PER_NOTICE) {
        const payload = JSON.stringify({ ...change, userIds: change.userIds.slice(start, start + USERS_PER_NOTICE) });
        await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
      }
    },
    subscribe(platformId, userId, onChange) {
      listener.start();
      return local.subscribe(platformId, userId, onChange);
    },
    ready: () => listener.ready(),
    close: () => listener.close(),
  };
}

const buses = new WeakMap<Database, MessageBus>();

/** The bus of a database (one per app): in-process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
export function messageBusOf(database: Database): MessageBus {
  let bus = buses.get(database);
  if (!bus) {
    const connectionString = database.pool?.options.connectionString;
    bus = database.kind === 'postgres' && connectionString ? postgresBus(database, connectionString) : inProcessBus();
    buses.set(database, bus);
  }
  return bus;
}

/**
 * After a message write commits: its readers' `user/me` rows (their unread count) are forgotten in this
 * process at once (database triggers tell the others, decision 041), and their live streams hear of it.
 */
export async function announceMessageChange(ctx: AppContext, change: MessageChange): Promise<void> {
  for (const userId of change.userIds) ctx.cache.forgetHere('me', userId);
  await messageBusOf(ctx.database).publish(change);
}

/** Closes a database's bus (the app's onClose). */
export async function closeMessageBus(database: Database): Promise<void> {
  const bus = buses.get(database);
  buses.delete(database);
  if (bus) await bus.close();
}
