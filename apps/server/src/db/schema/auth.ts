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
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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

/** Single-use password reset tokens, stored as SHA-256 digests, valid one hour. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/** Failed login counters per key (`user:<name>` or `ip:<address>`), shared by every API process. */
export const loginThrottle = pgTable('login_throttle', {
  key: varchar('key', { length: 255 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull(),
  lockedUntil: at('locked_until'),
});
