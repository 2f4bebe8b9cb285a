import { and, asc, eq, ilike, inArray, ne, not, or, sql } from 'drizzle-orm';
import { LeaUserInput, ROLE_ADMIN } from '@lea/shared';
import { users } from '../../db/schema/index.js';
import { requestEmailChange } from '../../services/email-change.js';
import { hasMembership, reachableBy } from '../../services/manager-reach.js';
import { containsPattern } from '../../services/triad-membership.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { courseUserIds, emailKey, findPeopleByEmail, resolvePeople } from '../people.js';
import { FieldErrors } from '../service.js';
import { FIELD_MESSAGES, profileLabel } from '../text.js';
import { defineEntity } from '../types.js';

const EMAIL_TAKEN = [{ field: 'email', message: FIELD_MESSAGES['leaUser.emailTaken'] }];

type LeaUserRecord = typeof users.$inferSelect;

/** users.type, named by the profile titles. */
const TYPES = [
  { value: 'apprentice', label: profileLabel(1) },
  { value: 'tutor', label: profileLabel(2) },
  { value: 'apprentice_master', label: profileLabel(3) },
];

/** Administrators are never picked or edited from a course (they run the whole platform). */
const notAdmin = not(sql`${users.roles} @> ${JSON.stringify([ROLE_ADMIN])}::jsonb`);

/**
 * lea-user ("add user", spec 3 §2.2): a person of the platform created without a password (the
 * welcome e-mail sets it). A course manager edits only the people of the course's triads whom
 * they reach (services/manager-reach.ts); the search answers the remote selects (secondary users).
 */
export const leaUserEntity = defineEntity<LeaUserRecord, LeaUserInput, 'manager'>({
  alias: 'lea-user',
  table: users,
  area: 'manager',
  access: 'MODULE_LEA_TRIAD',
  screen: { path: 'triad/lea-user', back: 'triad' },
  titles: {
    list: 'backOffice.leaUser.list',
    add: 'backOffice.leaUser.add',
    edit: 'backOffice.leaUser.edit',
    back: 'backOffice.backToTriads',
  },
  async find(db, scope, id) {
    const course = scope.course;
    const [row] = await db
      .select({ user: users })
      .from(users)
      .where(and(eq(users.id, id), notAdmin, inArray(users.id, courseUserIds(db, course.id)), reachableBy(db, scope.caller)))
      .limit(1);
    return row?.user ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'fullName', label: 'backOffice.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'email', label: 'backOffice.word.email', filterable: true, sortable: true, format: 'text', hidden: false },
      {
        key: 'alreadyConnectedOnce',
        label: 'backOffice.leaUser.signedIn',
        filterable: false,
        sortable: true,
        format: 'boolean',
        hidden: false,
      },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, email: users.email, lastLoginAt: users.lastLoginAt })
        .from(users)
        .where(inArray(users.id, courseUserIds(db, scope.course.id)))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return rows.map((row) => ({
        id: row.id,
        fullName: `${row.lastName} ${row.firstName}`,
        email: row.email,
        alreadyConnectedOnce: row.lastLoginAt !== null,
      }));
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel(
      'lea-user',
      scope,
      [
        {
          code: 'userData',
          label: 'backOffice.word.user',
          fields: [
            { name: 'lastName', kind: 'text', label: 'backOffice.word.lastName', required: true },
            { name: 'firstName', kind: 'text', label: 'backOffice.word.firstName', required: true },
            { name: 'email', kind: 'email', label: 'backOffice.word.email', required: true },
            { name: 'type', kind: 'select', label: 'backOffice.leaUser.profile', choices: choicesOf(scope, TYPES) },
            { name: 'phone', kind: 'phone', label: 'backOffice.word.phone' },
          ],
        },
      ],
      record
        ? { lastName: record.lastName, firstName: record.firstName, email: record.email, type: record.type, phone: record.phone }
        : null,
    );
  },
  input: LeaUserInput,
  /** One account per e-mail address on the platform: imports and triad forms find people by it. */
  async check(db, scope, input, { record }) {
    const found = (await findPeopleByEmail(db, scope.course.platformId, [input.email])).get(emailKey(input.email));
    return found && found.id !== record?.id ? EMAIL_TAKEN : [];
  },
  /** The names change at once; a new address only once the link sent to it is opened (services/email-change.ts). */
  // The user's own `user/me`, forgotten here at once (database triggers tell the other processes, decision 041).
  caches: (_scope, record) => (record ? [{ topic: 'me', key: record.id }] : []),
  async save(tx, scope, input, { record }, ctx) {
    if (record) {
      await tx
        .update(users)
        .set({ lastName: input.lastName, firstName: input.firstName, type: input.type, phone: input.phone, updatedAt: new Date() })
        .where(eq(users.id, record.id));
      if (input.email !== record.email) {
        await requestEmailChange(tx, ctx, {
          userId: record.id,
          platformId: scope.caller.platformId,
          newEmail: input.email,
          requestedBy: scope.caller.userId,
          locale: scope.locale,
        });
      }
      return record.id;
    }
    const { ids } = await resolvePeople(tx, scope, [
      { lastName: input.lastName, firstName: input.firstName, email: input.email, type: input.type },
    ]);
    const id = ids.get(emailKey(input.email));
    // Someone else created this address since the check (and it is out of reach): the check's answer.
    if (id === undefined) throw new FieldErrors(EMAIL_TAKEN);
    if (input.phone) await tx.update(users).set({ phone: input.phone }).where(eq(users.id, id));
    return id;
  },
  /**
   * Remote-select choices: an administrator finds anyone of the platform; a manager finds, by name
   * or address, the people of the courses they run whom they reach, and a person of no course yet
   * (just added) by their whole address only, so that no other person's name or address shows.
   */
  async search(db, scope, text) {
    const pattern = containsPattern(text);
    const matches = or(
      ilike(users.lastName, pattern),
      ilike(users.firstName, pattern),
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    const found = scope.caller.admin ? matches : or(and(hasMembership(db), matches), eq(sql`lower(${users.email})`, emailKey(text)));
    const rows = await db
      .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, email: users.email })
      .from(users)
      .where(and(eq(users.active, true), notAdmin, ne(users.id, scope.caller.userId), reachableBy(db, scope.caller), found))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(20);
    return rows.map((row) => ({ value: String(row.id), label: `${row.lastName} ${row.firstName} (${row.email})` }));
  },
  messages: { saved: 'backOffice.leaUser.saved', removed: 'backOffice.leaUser.removed' },
});
