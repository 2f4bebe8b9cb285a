import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { AdminUserInput, ROLE_ADMIN, ROLE_USER, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { managerProfileAssignments, managerProfiles, replySignatures, userPlatforms, users } from '../../db/schema/index.js';
import { requestEmailChange } from '../../services/email-change.js';
import { blockingReferences } from '../../services/user-references.js';
import { frenchTexts, textRef } from '../../texts/index.js';
import { buildFormModel, choicesOf, type TabSpec } from '../form-builder.js';
import { emailKey, findPeopleByEmail } from '../people.js';
import { profileLabel } from '../text.js';
import { defineEntity, type AdminScope } from '../types.js';
import { pageUsers, roleOf, USER_COLUMNS } from './admin-user-list.js';

type UserRecord = typeof users.$inferSelect;
const MESSAGES = frenchTexts('adminUsers');
const fieldError = (field: string, message: string): ValidationError => ({ field, message });

const TYPES = [
  { value: 'apprentice', label: profileLabel(1) },
  { value: 'tutor', label: profileLabel(2) },
  { value: 'apprentice_master', label: profileLabel(3) },
];

async function profileChoices(db: DbOrTx, scope: AdminScope) {
  const rows = await db
    .select({ id: managerProfiles.id, name: managerProfiles.name })
    .from(managerProfiles)
    .where(eq(managerProfiles.platformId, scope.platformId))
    .orderBy(asc(managerProfiles.name), asc(managerProfiles.id));
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}

async function assignedProfile(db: DbOrTx, userId: number, platformId: number): Promise<number | null> {
  const [row] = await db
    .select({ profileId: managerProfileAssignments.profileId })
    .from(managerProfileAssignments)
    .where(and(eq(managerProfileAssignments.userId, userId), eq(managerProfileAssignments.platformId, platformId)));
  return row?.profileId ?? null;
}

const roleFlag = (name: 'isAdmin' | 'isUser' | 'isLeaManager', label: 'isAdmin' | 'isUser' | 'isLeaManager', toggler?: string) => ({
  name,
  kind: 'checkbox' as const,
  label: `adminUsers.user.${label}` as const,
  attributes: { exclusiveGroup: 'role' },
  ...(toggler ? { togglerTarget: toggler } : {}),
});

/**
 * user (admin area, spec 3 §2.3, §3 User (admin)): every account of the administrator's platform,
 * another platform's is a 404. The list pages in the database (10,000 accounts); the form is a
 * wizard to add and tabs to edit; the three role flags are exclusive (one and only one holds) and
 * an administrator cannot take their own role or account away. An account that signed a
 * questionnaire is never deleted (the signature's audit points to it): it is deactivated instead.
 */
export const adminUserEntity = defineEntity<UserRecord, AdminUserInput, 'admin'>({
  alias: 'user',
  table: users,
  area: 'admin',
  screen: { path: 'users' },
  titles: { list: 'adminUsers.user.list', add: 'adminUsers.user.add', edit: 'adminUsers.user.edit', back: 'adminUsers.user.back' },
  // Spec 3 §7.2: POST /app/admin/user and PUT /app/admin/user/{id}, list of {form, code} per tab.
  paths: [
    { method: 'POST', path: 'user', action: 'save' },
    { method: 'PUT', path: 'user/:id', action: 'save' },
  ],
  async find(db, scope, id) {
    const [row] = await db
      .select({ user: users })
      .from(users)
      .innerJoin(userPlatforms, and(eq(userPlatforms.userId, users.id), eq(userPlatforms.platformId, scope.platformId)))
      .where(eq(users.id, id))
      .limit(1);
    return row?.user ?? null;
  },
  list: { columns: USER_COLUMNS, page: pageUsers },
  async form(db, scope, { record }) {
    const profiles = await profileChoices(db, scope);
    const tabs: TabSpec[] = [
      {
        code: 'userData',
        label: 'adminUsers.user.tabIdentity',
        fields: [
          { name: 'lastName', kind: 'text', label: 'backOffice.word.lastName', required: true },
          { name: 'firstName', kind: 'text', label: 'backOffice.word.firstName', required: true },
          { name: 'email', kind: 'email', label: 'backOffice.word.email', required: true },
          { name: 'username', kind: 'text', label: 'adminUsers.user.username', help: 'adminUsers.user.usernameHelp' },
          { name: 'phone', kind: 'phone', label: 'backOffice.word.phone' },
          { name: 'mobile', kind: 'phone', label: 'adminUsers.user.mobile' },
          { name: 'active', kind: 'checkbox', label: 'adminUsers.user.active', initial: true },
        ],
      },
      {
        code: 'role',
        label: 'adminUsers.user.tabRole',
        fields: [
          roleFlag('isAdmin', 'isAdmin'),
          { ...roleFlag('isUser', 'isUser', 'userRole'), initial: true },
          {
            name: 'type',
            kind: 'select',
            label: 'adminUsers.user.type',
            choices: choicesOf(scope, TYPES),
            toggleClass: 'userRole1',
          },
          roleFlag('isLeaManager', 'isLeaManager', 'managerRole'),
          {
            name: 'managerProfileId',
            kind: 'select',
            label: 'adminUsers.user.managerProfile',
            help: 'adminUsers.user.managerProfileDefault',
            choices: profiles,
            toggleClass: 'managerRole1',
          },
        ],
      },
    ];
    if (!record) return buildFormModel('user', scope, tabs, null);
    const role = roleOf(record);
    const profileId = await assignedProfile(db, record.id, scope.platformId);
    return buildFormModel('user', scope, tabs, {
      lastName: record.lastName,
      firstName: record.firstName,
      email: record.email,
      username: record.username,
      phone: record.phone,
      mobile: record.mobile,
      active: record.active,
      isAdmin: role === 'admin',
      isUser: role === 'user',
      isLeaManager: role === 'leaManager',
      type: role === 'user' ? record.type : null,
      managerProfileId: profileId === null ? null : String(profileId),
    });
  },
  input: AdminUserInput,
  async check(db, scope, input, { record }) {
    const errors: ValidationError[] = [];
    const flags = [input.isAdmin, input.isUser, input.isLeaManager].filter(Boolean).length;
    if (flags !== 1) errors.push(fieldError('isAdmin', flags === 0 ? MESSAGES['user.noRole'] : MESSAGES['user.oneRole']));
    if (record?.id === scope.caller.userId && (!input.isAdmin || !input.active))
      errors.push(fieldError('isAdmin', MESSAGES['user.ownRole']));
    const found = (await findPeopleByEmail(db, scope.platformId, [input.email])).get(emailKey(input.email));
    if (found && found.id !== record?.id) errors.push(fieldError('email', MESSAGES['user.emailTaken']));
    const username = (input.username ?? record?.username ?? input.email).trim().toLowerCase();
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, username), record ? ne(users.id, record.id) : undefined))
      .limit(1);
    if (taken) errors.push(fieldError(input.username ? 'username' : 'email', MESSAGES['user.usernameTaken']));
    return errors;
  },
  // The user's own `user/me`, forgotten here at once (database triggers tell the other processes, decision 041).
  caches: (_scope, record) => (record ? [{ topic: 'me', key: record.id }] : []),
  async save(tx, scope, input, { record }, ctx) {
    const roles = input.isAdmin ? [ROLE_ADMIN, ROLE_USER] : [ROLE_USER];
    const type = input.isLeaManager ? 'lea_manager' : input.isUser ? input.type : null;
    const values = {
      lastName: input.lastName,
      firstName: input.firstName,
      phone: input.phone,
      mobile: input.mobile,
      active: input.active,
      roles,
      type,
    };
    let id: number;
    if (record) {
      id = record.id;
      await tx
        .update(users)
        .set({ ...values, ...(input.username ? { username: input.username } : {}), updatedAt: new Date() })
        .where(eq(users.id, id));
      // A new address holds once the link sent to it is opened (services/email-change.ts), as for a manager's edit.
      if (emailKey(input.email) !== emailKey(record.email)) {
        await requestEmailChange(tx, ctx, {
          userId: id,
          platformId: scope.platformId,
          newEmail: input.email,
          requestedBy: scope.caller.userId,
          locale: scope.locale,
        });
      }
    } else {
      const [row] = await tx
        .insert(users)
        .values({ ...values, username: input.username ?? emailKey(input.email), email: input.email, passwordHash: null })
        .returning({ id: users.id });
      id = row!.id;
      await tx.insert(userPlatforms).values({ userId: id, platformId: scope.platformId });
    }
    const assignment = and(eq(managerProfileAssignments.userId, id), eq(managerProfileAssignments.platformId, scope.platformId));
    await tx.delete(managerProfileAssignments).where(assignment);
    if (input.isLeaManager && input.managerProfileId !== null) {
      await tx.insert(managerProfileAssignments).values({ userId: id, platformId: scope.platformId, profileId: input.managerProfileId });
    }
    return id;
  },
  async remove(tx, scope, record) {
    if (record.id === scope.caller.userId) return { refused: 'adminUsers.user.self' };
    const [signed] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(replySignatures)
      .where(eq(replySignatures.userId, record.id));
    if (Number(signed?.total ?? 0) > 0) return { refused: textRef('adminUsers.user.signedReplies', { total: Number(signed!.total) }) };
    const [elsewhere] = await tx
      .select({ platformId: userPlatforms.platformId })
      .from(userPlatforms)
      .where(and(eq(userPlatforms.userId, record.id), ne(userPlatforms.platformId, scope.platformId)))
      .limit(1);
    if (elsewhere) return { refused: textRef('adminUsers.user.inUse', { table: 'user_platforms' }) };
    const [blocking] = await blockingReferences(tx, record.id);
    if (blocking) return { refused: textRef('adminUsers.user.inUse', { table: blocking.table }) };
    await tx.delete(users).where(eq(users.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'adminUsers.user.saved', removed: 'adminUsers.user.removed' },
});
