import { boolean, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { files } from './file.js';

/** One training organisation's site, resolved by hostname (spec 1 §3.2). */
export const platforms = pgTable('platforms', {
  id: serial('id').primaryKey(),
  hostname: varchar('hostname', { length: 255 }).notNull().unique(),
  name: varchar('name', { length: 255 }).notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  presentation: text('presentation'),
  legalNotice: text('legal_notice'),
  termOfService: text('term_of_service'),
  learnerPrivacy: text('learner_privacy'),
  professionalTutorPrivacy: text('professional_tutor_privacy'),
  pedagogicTutorPrivacy: text('pedagogic_tutor_privacy'),
  helpContactEmail: varchar('help_contact_email', { length: 180 }),
  helpContact: text('help_contact'),
  homeAlert: text('home_alert'),
  logoTypeFileId: integer('logo_type_file_id').references(() => files.id, { onDelete: 'set null' }),
  logoCfaFileId: integer('logo_cfa_file_id').references(() => files.id, { onDelete: 'set null' }),
  logoHomepageFileId: integer('logo_homepage_file_id').references(() => files.id, { onDelete: 'set null' }),
  faviconFileId: integer('favicon_file_id').references(() => files.id, { onDelete: 'set null' }),
  principalColor: varchar('principal_color', { length: 20 }),
  secondaryColor: varchar('secondary_color', { length: 20 }),
  uploadDir: varchar('upload_dir', { length: 100 }).notNull().default('upload'),
  /**
   * Which sign-in each profile may use (issue 20 §1): 'password', 'email' or 'both', per sign-in
   * profile ('apprentice', 'tutor', 'apprentice_master', 'company_manager', 'secondary', 'manager',
   * 'admin'); a profile not listed keeps the default of `SIGN_IN_DEFAULTS` (packages/shared).
   */
  signInMethods: jsonb('sign_in_methods').$type<Record<string, 'password' | 'email' | 'both'>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Help documents of the shell's help modal: type 1 offers a file, type 2 shows an HTML description. */
export const helpDocuments = pgTable('help_documents', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 255 }).notNull(),
  documentType: smallint('document_type').notNull(),
  description: text('description'),
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  position: integer('position').notNull().default(0),
});

/** Documents offered for download on the login page's documents tab. */
export const globalDocuments = pgTable('global_documents', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 255 }).notNull(),
  fileId: integer('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'restrict' }),
  position: integer('position').notNull().default(0),
});

/** A training institution; its design fields, when set, override the platform's for its triads. */
export const institutions = pgTable('institutions', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 255 }).notNull(),
  /** The institution's code (spec 3 §3 Institution: institutionCode). */
  code: varchar('code', { length: 50 }),
  address: varchar('address', { length: 255 }),
  postCode: varchar('post_code', { length: 20 }),
  city: varchar('city', { length: 100 }),
  siret: varchar('siret', { length: 20 }),
  principalColor: varchar('principal_color', { length: 20 }),
  secondaryColor: varchar('secondary_color', { length: 20 }),
  logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
