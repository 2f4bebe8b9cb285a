import { boolean, index, integer, pgTable, serial, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { users } from './user.js';

/**
 * Refresh tokens, stored as SHA-256 digests. Every rotation creates a new row in the same
 * family; presenting a used token after the grace period revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    familyId: uuid('family_id').notNull(),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id').notNull(),
    stayConnected: boolean('stay_connected').notNull().default(false),
    createdAt: createdAt(),
    /** Absolute expiry of the family: rotation never extends it. */
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    replacedById: integer('replaced_by_id'),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Single-use password links (self-service reset, welcome, new password), stored as SHA-256
 * digests. A link works only on the platform it was issued for (null: issued before links were
 * tied to a platform, never valid).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * A pending e-mail change: the new address holds only once the link mailed to it is opened
 * (single use, SHA-256 digest stored); the old address is told of the request.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id').notNull(),
    /** Who asked: the person themselves, a manager or an administrator. */
    requestedBy: integer('requested_by'),
    oldEmail: varchar('old_email', { length: 180 }).notNull(),
    newEmail: varchar('new_email', { length: 180 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

/**
 * Exclusive work shared by every API process (one xlsx import per course at a time): a row per
 * key while the work runs; a crashed holder's row expires.
 */
export const workLocks = pgTable('work_locks', {
  key: varchar('key', { length: 120 }).primaryKey(),
  holder: varchar('holder', { length: 64 }).notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Failed login counters per key (`user:<name>` or `ip:<address>`), shared by every API process. */
export const loginThrottle = pgTable('login_throttle', {
  key: varchar('key', { length: 255 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull(),
  lockedUntil: at('locked_until'),
});
