import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { platforms } from './platform.js';
import { users } from './user.js';

/** How a session was opened (issue 20 §1 and §2); a signature made in it records the same. */
export type SignInMethod = 'password' | 'email-code' | 'email-link' | 'sso';

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
    /** How the family's session was opened; every rotation keeps it. */
    signInMethod: varchar('sign_in_method', { length: 16 }).$type<SignInMethod>().notNull().default('password'),
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

/**
 * Sign-in by e-mail (issue 20 §1): one row per request, holding both a link token and a 6-digit
 * code (only their digests: SHA-256 of the token, HMAC of the code with the server's secret).
 * Single use (`usedAt`), 15 minutes, tied to the platform; a code is dead after a few wrong tries.
 * `target` is the portal path the link lands on (a reminder's questionnaire), null for the home.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    linkHash: varchar('link_hash', { length: 64 }).notNull().unique(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    target: varchar('target', { length: 255 }),
    failures: smallint('failures').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_codes_user_idx').on(t.userId, t.platformId)],
);

/**
 * An OpenID Connect provider of a platform (issue 20 §2), set by its administrators. The client
 * secret is stored encrypted (AES-256-GCM with a key derived from the server's secret).
 * `profiles`: the sign-in profiles allowed to use it; `matchBy`: how a first sign-in finds the
 * account ('email': the provider's verified e-mail; 'subject': its `sub` equals the username).
 */
export const oidcProviders = pgTable(
  'oidc_providers',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    issuer: varchar('issuer', { length: 255 }).notNull(),
    clientId: varchar('client_id', { length: 255 }).notNull(),
    clientSecret: text('client_secret').notNull(),
    profiles: jsonb('profiles').$type<string[]>().notNull().default([]),
    matchBy: varchar('match_by', { length: 16 }).$type<'email' | 'subject'>().notNull().default('email'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_providers_platform_idx').on(t.platformId)],
);

/** An account linked to a provider's stable subject at its first single sign-on. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => oidcProviders.id, { onDelete: 'cascade' }),
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 180 }),
    linkedAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('user_identities_subject_idx').on(t.providerId, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/** A single sign-on in progress: the state's digest, the nonce and PKCE verifier, ten minutes. */
export const oidcLogins = pgTable('oidc_logins', {
  stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
  providerId: integer('provider_id')
    .notNull()
    .references(() => oidcProviders.id, { onDelete: 'cascade' }),
  nonce: varchar('nonce', { length: 128 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  target: varchar('target', { length: 255 }),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});
