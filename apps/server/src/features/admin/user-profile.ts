import { and, asc, desc, eq } from 'drizzle-orm';
import type { AdminUserProfileResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import { managerProfiles, platforms, userPlatforms, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { roleOf } from '../../generic/entities/admin-user-list.js';
import type { AdminScope } from '../../generic/types.js';

/**
 * GET /app/admin/user/user-profile (spec 3 §7.2): the signed-in administrator's own profile, the
 * user form's profile part (names, e-mail, phones, role flags, active), in the request's language,
 * with the platform and the manager profiles the user form offers (the default one flagged,
 * listed first). An account no longer on the platform is a 404.
 */
export async function adminUserProfile(db: Db, scope: AdminScope): Promise<AdminUserProfileResponse> {
  const [row] = await db
    .select({ user: users, platformName: platforms.name })
    .from(users)
    .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, scope.platformId)))
    .innerJoin(platforms, eq(platforms.id, userPlatforms.platformId))
    .where(eq(users.id, scope.caller.userId))
    .limit(1);
  if (!row) throw notFound();
  const { user } = row;
  const role = roleOf(user);
  const profiles = await db
    .select({ id: managerProfiles.id, name: managerProfiles.name, isDefault: managerProfiles.isDefault })
    .from(managerProfiles)
    .where(eq(managerProfiles.platformId, scope.platformId))
    .orderBy(desc(managerProfiles.isDefault), asc(managerProfiles.name), asc(managerProfiles.id));
  return {
    user: {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: `${user.firstName} ${user.lastName}`,
      email: user.email,
      phone: user.phone,
      mobile: user.mobile,
      active: user.active,
      role,
      isAdmin: role === 'admin',
      isUser: role === 'user',
      isLeaManager: role === 'leaManager',
      locale: scope.locale,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    },
    platform: { id: scope.platformId, name: row.platformName },
    managerProfiles: profiles,
  };
}
