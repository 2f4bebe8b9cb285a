import { and, asc, eq, ilike, inArray, ne, not, or, sql } from 'drizzle-orm';
import { LeaUserInput, ROLE_ADMIN } from '@lea/shared';
import { userPlatforms, users } from '../../db/schema/index.js';
import { containsPattern } from '../../services/triad-membership.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { courseUserIds, emailKey, findPeopleByEmail, resolvePeople } from '../people.js';
import { courseOf } from '../scope.js';
import { defineEntity } from '../types.js';

type LeaUserRecord = typeof users.$inferSelect;

const TYPES = [
  { value: 'apprentice', label: { fr: 'Apprenti', en: 'Apprentice' } },
  { value: 'tutor', label: { fr: 'Tuteur pédagogique', en: 'Tutor' } },
  { value: 'apprentice_master', label: { fr: "Maître d'apprentissage", en: 'Apprenticeship master' } },
];

/** Administrators are never picked or edited from a course (they run the whole platform). */
const notAdmin = not(sql`${users.roles} @> ${JSON.stringify([ROLE_ADMIN])}::jsonb`);

/**
 * lea-user ("add user", spec 3 §2.2): a person of the platform created without a password (the
 * welcome e-mail sets it). A course manager edits only the people of the course's triads; the
 * search answers the remote selects (secondary users) with the platform's active people.
 */
export const leaUserEntity = defineEntity<LeaUserRecord, LeaUserInput>({
  alias: 'lea-user',
  table: users,
  areas: ['manager'],
  async find(db, scope, id) {
    const course = courseOf(scope);
    const [row] = await db
      .select({ user: users })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, course.platformId)))
      .where(and(eq(users.id, id), notAdmin, inArray(users.id, courseUserIds(db, course.id))))
      .limit(1);
    return row?.user ?? null;
  },
  list: {
    columns: (locale) => [
      { key: 'id', label: 'Id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'fullName', label: locale === 'fr' ? 'Nom' : 'Name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'email', label: locale === 'fr' ? 'Adresse e-mail' : 'E-mail address', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'alreadyConnectedOnce', label: locale === 'fr' ? 'Déjà connecté' : 'Signed in once', filterable: false, sortable: true, format: 'boolean', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, email: users.email, lastLoginAt: users.lastLoginAt })
        .from(users)
        .where(inArray(users.id, courseUserIds(db, courseOf(scope).id)))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return rows.map((row) => ({ id: row.id, fullName: `${row.lastName} ${row.firstName}`, email: row.email, alreadyConnectedOnce: row.lastLoginAt !== null }));
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel('lea-user', scope.locale, [
      {
        code: 'userData',
        label: { fr: 'Utilisateur', en: 'User' },
        fields: [
          { name: 'lastName', kind: 'text', label: { fr: 'Nom', en: 'Last name' }, required: true },
          { name: 'firstName', kind: 'text', label: { fr: 'Prénom', en: 'First name' }, required: true },
          { name: 'email', kind: 'email', label: { fr: 'Adresse e-mail', en: 'E-mail address' }, required: true },
          { name: 'type', kind: 'select', label: { fr: 'Profil', en: 'Profile' }, choices: choicesOf(scope.locale, TYPES) },
          { name: 'phone', kind: 'phone', label: { fr: 'Téléphone', en: 'Phone' } },
        ],
      },
    ], record ? { lastName: record.lastName, firstName: record.firstName, email: record.email, type: record.type, phone: record.phone } : null);
  },
  input: LeaUserInput,
  /** One account per e-mail address on the platform: imports and triad forms find people by it. */
  async check(db, scope, input, { record }) {
    const found = (await findPeopleByEmail(db, courseOf(scope).platformId, [input.email])).get(emailKey(input.email));
    return found && found.id !== record?.id ? [{ field: 'email', message: 'Un utilisateur de la plateforme a déjà cette adresse e-mail' }] : [];
  },
  async save(tx, scope, input, { record }) {
    const values = { lastName: input.lastName, firstName: input.firstName, email: input.email, type: input.type, phone: input.phone };
    if (record) {
      await tx.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, record.id));
      return record.id;
    }
    const ids = await resolvePeople(tx, courseOf(scope).platformId, [{ ...values }], { rename: false });
    const id = ids.get(emailKey(input.email))!;
    if (input.phone) await tx.update(users).set({ phone: input.phone }).where(eq(users.id, id));
    return id;
  },
  async search(db, scope, text) {
    const pattern = containsPattern(text);
    const rows = await db
      .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, email: users.email })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, courseOf(scope).platformId)))
      .where(and(eq(users.active, true), notAdmin, ne(users.id, scope.caller.userId), or(ilike(users.lastName, pattern), ilike(users.firstName, pattern), ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(20);
    return rows.map((row) => ({ value: String(row.id), label: `${row.lastName} ${row.firstName} (${row.email})` }));
  },
  messages: {
    saved: { fr: "L'utilisateur a été enregistré", en: 'The user has been saved' },
    removed: { fr: "L'utilisateur a été supprimé", en: 'The user has been deleted' },
  },
});
