import { boolean, date, index, integer, pgTable, serial, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { platforms } from './platform.js';
import { crews, trainingCourses } from './training.js';
import { users } from './user.js';

const member = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** Apprentice, tutor(s), apprenticeship master(s) and an optional company manager (spec 2 §3). */
export const triads = pgTable(
  'triads',
  {
    id: serial('id').primaryKey(),
    trainingCourseId: integer('training_course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    crewId: integer('crew_id').references(() => crews.id, { onDelete: 'restrict' }),
    apprenticeId: member('apprentice_id'),
    tutorId: member('tutor_id'),
    tutor2Id: member('tutor2_id'),
    apprenticeMasterId: member('apprentice_master_id'),
    apprenticeMaster2Id: member('apprentice_master2_id'),
    companyManagerId: member('company_manager_id'),
    active: boolean('active').notNull().default(true),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
    /**
     * The apprentice's names, kept by database triggers (migration 0013; null without an apprentice), so
     * that a page of a course's triads in name order is a walk of `triads_course_order_idx` (issue 18).
     */
    apprenticeLastName: varchar('apprentice_last_name', { length: 100 }),
    apprenticeFirstName: varchar('apprentice_first_name', { length: 100 }),
  },
  (t) => [
    index('triads_course_idx').on(t.trainingCourseId),
    index('triads_course_order_idx').on(t.trainingCourseId, t.active, t.apprenticeLastName, t.apprenticeFirstName, t.id),
    index('triads_crew_idx').on(t.crewId),
    index('triads_apprentice_idx').on(t.apprenticeId),
    index('triads_tutor_idx').on(t.tutorId),
    index('triads_tutor2_idx').on(t.tutor2Id),
    index('triads_master_idx').on(t.apprenticeMasterId),
    index('triads_master2_idx').on(t.apprenticeMaster2Id),
    index('triads_company_manager_idx').on(t.companyManagerId),
  ],
);

/** Secondary users of a triad: userType 1 = of the apprentice (e.g. a parent), 2 = of the tutor. */
export const triadUsers = pgTable(
  'triad_users',
  {
    id: serial('id').primaryKey(),
    triadId: integer('triad_id')
      .notNull()
      .references(() => triads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: smallint('user_type').notNull(),
  },
  (t) => [unique('triad_users_unique').on(t.triadId, t.userId), index('triad_users_user_idx').on(t.userId)],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  companyName: varchar('company_name', { length: 255 }).notNull(),
  siretNumber: varchar('siret_number', { length: 20 }),
  address1: varchar('address1', { length: 255 }),
  address2: varchar('address2', { length: 255 }),
  postCode: varchar('post_code', { length: 20 }),
  city: varchar('city', { length: 100 }),
  phone: varchar('phone', { length: 30 }),
  email: varchar('email', { length: 180 }),
  createdAt: createdAt(),
});

export const contractTypes = pgTable('contract_types', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 255 }).notNull(),
});

/** A work-study contract of a triad (spec 2 §3 Contract). */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    triadId: integer('triad_id')
      .notNull()
      .references(() => triads.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    contractNumber: varchar('contract_number', { length: 50 }),
    contractTypeId: integer('contract_type_id').references(() => contractTypes.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    ruptureDate: date('rupture_date', { mode: 'string' }),
    ruptureCause: text('rupture_cause'),
    apprenticeMasterId: member('apprentice_master_id'),
    apprenticeMaster2Id: member('apprentice_master2_id'),
    managerId: member('manager_id'),
    createdAt: createdAt(),
  },
  (t) => [index('contracts_triad_idx').on(t.triadId)],
);
