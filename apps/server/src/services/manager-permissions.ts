import { sql } from 'drizzle-orm';
import { PERMISSION_LEVEL, type PermissionLevel } from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import type { Caller } from '../http/caller.js';
import { forbidden } from '../http/errors.js';
import { textRef } from '../texts/index.js';

/** What a manager-area call needs: reading needs view, a save edit, a delete delete (decision 027). */
export type SectionNeed = 'view' | 'edit' | 'delete';

/**
 * The level the caller holds on one access (a section of the manager area): administrators hold
 * every level; a manager holds what their profile on the platform grants, or the platform's
 * default profile when none is assigned; with neither, every level (managers of a platform that
 * configured no profile keep working). An access the profile does not list is none. One query.
 */
export async function sectionLevel(db: DbOrTx, caller: Caller, access: string): Promise<PermissionLevel> {
  if (caller.admin) return PERMISSION_LEVEL.all;
  const result = (await db.execute(sql`
    with profile as (
      select coalesce(
        (select profile_id from manager_profile_assignments where user_id = ${caller.userId} and platform_id = ${caller.platformId}),
        (select id from manager_profiles where platform_id = ${caller.platformId} and is_default)
      ) as id
    )
    select profile.id as "profileId",
      (select level from manager_profile_permissions where profile_id = profile.id and access = ${access}) as "level"
    from profile`)) as unknown as { rows: { profileId: number | null; level: number | null }[] };
  const row = result.rows[0];
  if (!row || row.profileId === null) return PERMISSION_LEVEL.all;
  return (row.level ?? PERMISSION_LEVEL.none) as PermissionLevel;
}

/** 403 unless the caller's level on the access reaches what the call needs. */
export async function requireSection(db: DbOrTx, caller: Caller, access: string, need: SectionNeed): Promise<void> {
  if (caller.admin) return;
  const level = await sectionLevel(db, caller, access);
  if (level < PERMISSION_LEVEL[need]) throw forbidden(textRef('adminUsers.sectionForbidden'));
}
