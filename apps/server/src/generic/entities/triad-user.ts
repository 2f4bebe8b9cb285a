import { and, asc, eq, sql } from 'drizzle-orm';
import { MESSAGES, TRIAD_USER_TYPE, TriadUserInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { triads, triadUsers, userPlatforms, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { unreachableAmong } from '../../services/manager-reach.js';
import { textRef } from '../../texts/index.js';
import { buildFormModel, choicesOf } from '../form-builder.js';
import { FIELD_MESSAGES, profileWord } from '../text.js';
import { defineEntity, type ManagerScope } from '../types.js';
import { findCourseTriad } from './triad.js';

type TriadUserRecord = typeof triadUsers.$inferSelect;

/** Whose secondary user a person is, named by the profile titles. */
const USER_TYPES = [
  { value: String(TRIAD_USER_TYPE.apprentice), label: textRef('backOffice.triadUser.ofApprentice', { profile: profileWord(1) }) },
  { value: String(TRIAD_USER_TYPE.tutor), label: textRef('backOffice.triadUser.ofTutor', { profile: profileWord(2) }) },
];

async function checkTriad(db: DbOrTx, scope: ManagerScope, triadId: number) {
  const triad = await findCourseTriad(db, scope.course.id, triadId);
  if (!triad) throw notFound(textRef('common.triadNotFound'));
  return triad;
}

const fullName = sql<string>`${users.lastName} || ' ' || ${users.firstName}`;

/**
 * triad-user: a secondary user of a triad (spec 3 §3), a person of the platform picked with a
 * remote select (…/lea-user/search). Added with `PUT …/generic/triad-user/post/{triadId}` (the
 * spec's path, served by features/manager) or `POST …/triad-user/post/{triadId}`.
 */
export const triadUserEntity = defineEntity<TriadUserRecord, TriadUserInput, 'manager'>({
  alias: 'triad-user',
  table: triadUsers,
  area: 'manager',
  access: 'MODULE_LEA_TRIAD',
  screen: { path: 'triad/triad-user', back: 'triad' },
  titles: {
    list: 'backOffice.triadUser.list',
    add: 'backOffice.triadUser.add',
    edit: 'backOffice.triadUser.edit',
    back: 'backOffice.backToTriads',
  },
  // The spec's path adds a secondary user to the triad of the path (spec 3 §7.1); `post/{triad}/{id}` edits one.
  paths: [{ method: 'PUT', path: 'triad-user/post/:parent', action: 'save' }],
  parent: { alias: 'triad', check: async (db, scope, triadId) => void (await checkTriad(db, scope, triadId)) },
  async find(db, scope, id) {
    const [row] = await db
      .select({ triadUser: triadUsers })
      .from(triadUsers)
      .innerJoin(triads, eq(triads.id, triadUsers.triadId))
      .where(and(eq(triadUsers.id, id), eq(triads.trainingCourseId, scope.course.id)))
      .limit(1);
    return row?.triadUser ?? null;
  },
  parentIdOf: (record) => record.triadId,
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'fullName', label: 'backOffice.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'email', label: 'backOffice.word.email', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'userType', label: 'backOffice.triadUser.attached', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope, triadId) {
      const rows = await db
        .select({ id: triadUsers.id, userId: users.id, fullName, email: users.email, userType: triadUsers.userType })
        .from(triadUsers)
        .innerJoin(users, eq(users.id, triadUsers.userId))
        .where(eq(triadUsers.triadId, triadId ?? 0))
        .orderBy(asc(users.lastName), asc(users.firstName));
      const labels = new Map(choicesOf(scope, USER_TYPES).map((choice) => [choice.value, choice.label]));
      return rows.map((row) => ({ ...row, userType: labels.get(String(row.userType)) ?? String(row.userType) }));
    },
  },
  async form(db, scope, { record, parentId }) {
    let current: { value: string; label: string }[] = [];
    if (record) {
      const [user] = await db.select({ id: users.id, fullName, email: users.email }).from(users).where(eq(users.id, record.userId));
      current = user ? [{ value: String(user.id), label: `${user.fullName} (${user.email})` }] : [];
    }
    const course = scope.course;
    return buildFormModel(
      'triad-user',
      scope,
      [
        {
          code: 'triadUser',
          label: 'backOffice.triadUser.tab',
          fields: [
            {
              name: 'user',
              kind: 'remoteselect',
              label: 'backOffice.word.user',
              help: 'backOffice.triadUser.userHelp',
              required: true,
              choices: current,
              attributes: { ajaxUrl: `/app/lea-manager/${course.id}/lea-user/search`, maxTags: 1 },
            },
            {
              name: 'userType',
              kind: 'radio',
              label: 'backOffice.triadUser.attachedTo',
              required: true,
              choices: choicesOf(scope, USER_TYPES),
              initial: String(TRIAD_USER_TYPE.apprentice),
            },
            { name: 'triad', kind: 'hidden', label: 'backOffice.word.triad', initial: parentId },
          ],
        },
      ],
      record ? { user: [String(record.userId)], userType: String(record.userType), triad: record.triadId } : null,
    );
  },
  input: TriadUserInput,
  /**
   * A person of the platform whom the caller reaches (services/manager-reach.ts), not yet in the
   * triad (as a member or a secondary user); the hidden triad is the path's.
   */
  async check(db, scope, input, { record, parentId }) {
    if (input.triad !== null && input.triad !== parentId) return [{ field: 'triad', message: FIELD_MESSAGES['triadUser.triadMismatch'] }];
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, scope.caller.platformId)))
      .where(and(eq(users.id, input.user), eq(users.active, true)))
      .limit(1);
    if (!user) return [{ field: 'user', message: MESSAGES.choice }];
    const kept = record?.userId === input.user;
    if (!kept && (await unreachableAmong(db, scope.caller, [input.user])).size > 0)
      return [{ field: 'user', message: MESSAGES.personElsewhere }];
    const triad = await checkTriad(db, scope, parentId ?? 0);
    const members = [
      triad.apprenticeId,
      triad.tutorId,
      triad.tutor2Id,
      triad.apprenticeMasterId,
      triad.apprenticeMaster2Id,
      triad.companyManagerId,
    ];
    const [secondary] = await db
      .select({ id: triadUsers.id })
      .from(triadUsers)
      .where(and(eq(triadUsers.triadId, triad.id), eq(triadUsers.userId, input.user)));
    if (members.includes(input.user) || (secondary && secondary.id !== record?.id)) {
      return [{ field: 'user', message: FIELD_MESSAGES['triadUser.alreadyInTriad'] }];
    }
    return [];
  },
  async save(tx, _scope, input, { record, parentId }) {
    if (record) {
      await tx.update(triadUsers).set({ userId: input.user, userType: input.userType }).where(eq(triadUsers.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(triadUsers)
      .values({ triadId: parentId!, userId: input.user, userType: input.userType })
      .returning({ id: triadUsers.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(triadUsers).where(eq(triadUsers.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'backOffice.triadUser.saved', removed: 'backOffice.triadUser.removed' },
});
