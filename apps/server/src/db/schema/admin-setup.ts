import { index, integer, jsonb, pgTable, primaryKey, serial, unique, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { institutions, platforms } from './platform.js';
import { users } from './user.js';

/** A component of an institution (spec 3 §3 Institution: components with componentId, componentName). */
export const components = pgTable(
  'components',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    code: varchar('code', { length: 50 }),
    createdAt: createdAt(),
  },
  (t) => [index('components_institution_idx').on(t.institutionId)],
);

/** The data-agreement texts a version may change (spec 1 §3.2 Data agreement). */
export type DataAgreementText = 'legalNotice' | 'termOfService' | 'learnerPrivacy' | 'professionalTutorPrivacy' | 'pedagogicTutorPrivacy';

/**
 * A published version of a platform's data agreement (issue 13 §5): every user of the platform is
 * asked to accept the latest one at their next sign-in. `texts` names the texts it changed.
 */
export const dataAgreementVersions = pgTable(
  'data_agreement_versions',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    texts: jsonb('texts').$type<DataAgreementText[]>().notNull().default([]),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [unique('data_agreement_versions_platform_version_unique').on(t.platformId, t.version)],
);

/** A user's acceptance of a data-agreement version: when, and from which address. */
export const dataAgreementAcceptances = pgTable(
  'data_agreement_acceptances',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => dataAgreementVersions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: at('accepted_at').notNull().defaultNow(),
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.userId] }), index('data_agreement_acceptances_user_idx').on(t.userId)],
);

/**
 * A platform's own titles of a profile in one language (spec 3 §3 Profile title); a profile
 * without a row keeps the defaults of packages/shared/src/profile-titles.ts.
 */
export const profileTitles = pgTable(
  'profile_titles',
  {
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    /** 1–4, or companyManager. */
    profile: varchar('profile', { length: 20 }).notNull(),
    locale: varchar('locale', { length: 5 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    titleWithArticle: varchar('title_with_article', { length: 120 }).notNull(),
    titlePlural: varchar('title_plural', { length: 100 }).notNull(),
    titleAbbreviation: varchar('title_abbreviation', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.profile, t.locale] })],
);
