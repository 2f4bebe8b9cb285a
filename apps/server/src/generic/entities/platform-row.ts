import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { platforms } from '../../db/schema/index.js';
import type { AdminScope } from '../types.js';

export type PlatformRecord = typeof platforms.$inferSelect;

async function platformOf(db: DbOrTx, platformId: number): Promise<PlatformRecord | null> {
  const [row] = await db.select().from(platforms).where(eq(platforms.id, platformId)).limit(1);
  return row ?? null;
}

/**
 * How an admin singleton edits its own platform's row (data agreement, sign-in methods): `find`
 * answers that row only, never another platform's, and `singleton.one` reads it.
 */
export const ownPlatformRow = {
  async find(db: DbOrTx, scope: Pick<AdminScope, 'platformId'>, id: number) {
    return id === scope.platformId ? platformOf(db, id) : null;
  },
  singleton: { one: (db: DbOrTx, scope: Pick<AdminScope, 'platformId'>) => platformOf(db, scope.platformId) },
};
