import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { platforms } from './platform.js';
import { users } from './user.js';

/**
 * A manager profile of the platform (spec 3 §3 lea-manager-profile): what the course managers it
 * is assigned to may do in the manager area's sections. At most one default per platform: the
 * profile of the managers who have none (decision 027).
 */
export const managerProfiles = pgTable(
  'manager_profiles',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('manager_profiles_platform_idx').on(t.platformId),
    uniqueIndex('manager_profiles_default_idx')
      .on(t.platformId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A role permission entry: the level (0 none … 4 all) a profile grants on one access (a manager-area section). */
export const managerProfilePermissions = pgTable(
  'manager_profile_permissions',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => managerProfiles.id, { onDelete: 'cascade' }),
    access: varchar('access', { length: 60 }).notNull(),
    level: smallint('level').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.access] })],
);

/** The profile of a manager on a platform (a person may manage courses of several platforms). */
export const managerProfileAssignments = pgTable(
  'manager_profile_assignments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => managerProfiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platformId] }), index('manager_profile_assignments_profile_idx').on(t.profileId)],
);
