import { MANAGER_ACCESSES, PERMISSION_LEVEL } from '@lea/shared';
import type { Tx } from '../db/client.js';
import { managerProfilePermissions, managerProfiles } from '../db/schema/index.js';

/**
 * The demo's manager profiles (decision 027): the default one grants every section in full, so
 * the demo managers work as before; a view-only profile shows what a restricted manager sees
 * once an administrator assigns it.
 */
export async function insertDemoManagerProfiles(tx: Tx, platformId: number): Promise<void> {
  const rows = await tx
    .insert(managerProfiles)
    .values([
      { platformId, name: 'Gestionnaire de formation', isDefault: true },
      { platformId, name: 'Consultation seule', isDefault: false },
    ])
    .returning({ id: managerProfiles.id, isDefault: managerProfiles.isDefault });
  await tx.insert(managerProfilePermissions).values(
    rows.flatMap((profile) =>
      MANAGER_ACCESSES.map((access) => ({
        profileId: profile.id,
        access: access.name,
        level: profile.isDefault ? PERMISSION_LEVEL.all : PERMISSION_LEVEL.view,
      })),
    ),
  );
}
