import { sql } from 'drizzle-orm';
import { boolean, index, smallint, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    /** Mail me when a message arrives (spec 2 §2 messaging; the profile's preference). */
    messageNotification: boolean('message_notification').notNull().default(false),
    /** The weekly to-do digest by e-mail (issue 20 §4): on unless the user turns it off on the profile. */
    weeklyDigest: boolean('weekly_digest').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Sign-in and the mobile lookups compare lower(username); two accounts may not differ by case only.
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // The admin user list's prefix search (decision 027): byte order, so `like 'dup%'` uses them whatever the collation.
    index('users_last_name_prefix_idx').on(sql`lower(${t.lastName}) collate "C"`),
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) collate "C"`),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) collate "C"`),
    index('users_username_prefix_idx').on(sql`lower(${t.username}) collate "C"`),
    // …and its default order (last name, first name), walked page by page.
    index('users_name_order_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
  ],
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
    /**
     * lower(users.last_name) and lower(users.first_name), copied by the triggers of migration 0007
     * (on inserting a membership, on renaming a user): the admin user list walks a platform's people
     * in name order in one narrow index, without visiting `users` for the rows it skips. Never
     * written by the code: the default is overwritten by the trigger before the row is stored.
     */
    lastNameKey: text('last_name_key').notNull().default(''),
    firstNameKey: text('first_name_key').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.platformId] }),
    index('user_platforms_platform_idx').on(t.platformId),
    index('user_platforms_name_order_idx').on(t.platformId, t.lastNameKey, t.firstNameKey, t.userId),
  ],
);

/**
 * The weekly digest's claims (issue 20 §4): one row per person, platform and ISO week (`2026-W48`),
 * inserted by the run that looked at that person's to-do, in the transaction that queues the mail
 * (`mailed`), so that across runs and processes a person gets at most one digest a week.
 */
export const weeklyDigests = pgTable(
  'weekly_digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    week: varchar('week', { length: 8 }).notNull(),
    mailed: boolean('mailed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('weekly_digests_user_week_idx').on(t.userId, t.platformId, t.week)],
);
