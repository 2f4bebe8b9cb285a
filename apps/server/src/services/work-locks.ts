import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { workLocks } from '../db/schema/index.js';

/**
 * Takes `key` for a new holder unless a live holder has it; the holder's id, or null when taken.
 * One statement (an upsert that only replaces an expired row), so two processes racing for the key
 * cannot both win; expiry is on the database's clock, shared by every process.
 */
async function takeWorkLock(db: Db, key: string, seconds: number): Promise<string | null> {
  const holder = randomUUID();
  const expiresAt = sql`now() + ${seconds}::integer * interval '1 second'`;
  const taken = await db
    .insert(workLocks)
    .values({ key, holder, expiresAt })
    .onConflictDoUpdate({ target: workLocks.key, set: { holder, expiresAt }, setWhere: sql`${workLocks.expiresAt} < now()` })
    .returning({ holder: workLocks.holder });
  return taken.length > 0 ? holder : null;
}

/**
 * Runs `work` holding `key` across every API process (work_locks, schema 0005) and answers
 * `{ ran: true, value }`, or `{ ran: false }` at once when another run holds it. The lock lasts
 * `seconds` at most, so that a process that dies while holding it frees the key: `seconds` must
 * exceed the longest run.
 */
export async function tryWorkLock<T>(
  db: Db,
  key: string,
  seconds: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const holder = await takeWorkLock(db, key, seconds);
  if (!holder) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await db.delete(workLocks).where(and(eq(workLocks.key, key), eq(workLocks.holder, holder)));
  }
}

/** `tryWorkLock`, answering `busy()` (which throws) when another run holds the key. */
export async function withWorkLock<T>(db: Db, key: string, seconds: number, work: () => Promise<T>, busy: () => never): Promise<T> {
  const outcome = await tryWorkLock(db, key, seconds, work);
  if (!outcome.ran) busy();
  return outcome.value;
}
