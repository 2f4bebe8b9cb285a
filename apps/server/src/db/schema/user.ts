import { sql } from 'drizzle-orm';
import { boolean, index, smallint, integer, jsonb, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns.js';
import { files } from './file.js';
import { platforms } from './platform.js';

/** A person (spec 1 §3.1). Usernames are unique across the deployment. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 180 }).notNull().unique(),
    email: varchar('email', { length: 180 }).notNull(),
    passwordHash: varchar('password_hash', { length: 255 }),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    roles: jsonb('roles').$type<string[]>().notNull().default(['ROLE_LEA_USER']),
    type: varchar('type', { length: 30 }),
    photoFileId: integer('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    address: varchar('address', { length: 255 }),
    complement: varchar('complement', { length: 255 }),
    postCode: varchar('post_code', { length: 20 }),
    city: varchar('city', { length: 100 }),
    phone: varchar('phone', { length: 30 }),
    mobile: varchar('mobile', { length: 30 }),
    parentFirstName: varchar('parent_first_name', { length: 100 }),
    parentLastName: varchar('parent_last_name', { length: 100 }),
    active: boolean('active').notNull().default(true),
    passwordChangedAt: at('password_changed_at'),
    lastLoginAt: at('last_login_at'),
    /** How many welcome and new-password mails a manager sent to this user (spec 3 §3 send-infos list). */
    welcomeCount: smallint('welcome_count').notNull().default(0),
    resetCount: smallint('reset_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Sign-in and the mobile lookups compare lower(username); two accounts may not differ by case only.
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** Which platforms (sites) a user belongs to. */
export const userPlatforms = pgTable(
  'user_platforms',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platformId] }), index('user_platforms_platform_idx').on(t.platformId)],
);
