import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { Caller } from '../http/caller.js';
import type { WriteMeta } from '../http/write-meta.js';
import { logImpersonatedWrite } from './history.js';

/** The on/off preferences a user sets for themself on their profile: mails for messages, the weekly digest. */
export type OwnPreference = 'messageNotification' | 'weeklyDigest';

/** The caller's own preference. */
export async function readOwnPreference(db: DbOrTx, caller: Caller, preference: OwnPreference): Promise<boolean> {
  const [row] = await db.select({ value: users[preference] }).from(users).where(eq(users.id, caller.userId));
  return row?.value ?? false;
}

/** Sets the caller's own row only (the body names no user), with a history line when impersonated. */
export async function writeOwnPreference(
  db: Db,
  caller: Caller,
  meta: WriteMeta,
  change: { preference: OwnPreference; value: boolean; action: string },
): Promise<boolean> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ [change.preference]: change.value, updatedAt: new Date() })
      .where(eq(users.id, caller.userId));
    await logImpersonatedWrite(tx, caller, meta, { action: change.action, entity: 'user', entityId: caller.userId });
  });
  return change.value;
}
