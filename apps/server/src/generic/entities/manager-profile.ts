import { and, asc, count, eq, ne } from 'drizzle-orm';
import { accessField, MANAGER_ACCESSES, ManagerProfileInput, PERMISSION_LEVEL } from '@lea/shared';
import { managerProfileAssignments, managerProfilePermissions, managerProfiles } from '../../db/schema/index.js';
import { textRef } from '../../texts/index.js';
import { buildFormModel, choicesOf, type FieldSpec } from '../form-builder.js';
import { defineEntity } from '../types.js';

type ProfileRecord = typeof managerProfiles.$inferSelect;

const levelChoices = (levels: readonly number[]) =>
  levels.map((level) => ({ value: String(level), label: `adminUsers.level.${level}` as `adminUsers.level.${0 | 1 | 2 | 3 | 4}` }));

/**
 * lea-manager-profile (admin area, spec 3 §3 role permission entries, decision 027): a profile of
 * the platform's course managers, one level per manager-area section (none, view, edit, delete,
 * all, among the levels the section allows); the server enforces it on every manager-area call.
 * The default profile applies to the managers who have none and cannot be deleted; a new profile
 * starts at view everywhere.
 */
export const managerProfileEntity = defineEntity<ProfileRecord, ManagerProfileInput, 'admin'>({
  alias: 'lea-manager-profile',
  table: managerProfiles,
  area: 'admin',
  screen: { path: 'lea-manager-profile' },
  titles: {
    list: 'adminUsers.profile.list',
    add: 'adminUsers.profile.add',
    edit: 'adminUsers.profile.edit',
    back: 'adminUsers.profile.back',
  },
  async find(db, scope, id) {
    const [row] = await db
      .select()
      .from(managerProfiles)
      .where(and(eq(managerProfiles.id, id), eq(managerProfiles.platformId, scope.platformId)))
      .limit(1);
    return row ?? null;
  },
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'name', label: 'backOffice.word.name', filterable: true, sortable: true, format: 'text', hidden: false },
      { key: 'isDefault', label: 'adminUsers.profile.isDefault', filterable: false, sortable: true, format: 'boolean', hidden: false },
      { key: 'managers', label: 'adminUsers.profile.managers', filterable: false, sortable: true, format: 'text', hidden: false },
    ],
    async rows(db, scope) {
      const rows = await db
        .select({
          id: managerProfiles.id,
          name: managerProfiles.name,
          isDefault: managerProfiles.isDefault,
          managers: count(managerProfileAssignments.userId),
        })
        .from(managerProfiles)
        .leftJoin(managerProfileAssignments, eq(managerProfileAssignments.profileId, managerProfiles.id))
        .where(eq(managerProfiles.platformId, scope.platformId))
        .groupBy(managerProfiles.id)
        .orderBy(asc(managerProfiles.name), asc(managerProfiles.id));
      return rows.map((row) => ({
        ...row,
        managers: Number(row.managers),
        ...(row.isDefault ? { canRemove: false, removeReason: textRef('adminUsers.profile.defaultInUse') } : {}),
      }));
    },
  },
  async form(db, scope, { record }) {
    const levels = new Map<string, number>();
    if (record) {
      const rows = await db.select().from(managerProfilePermissions).where(eq(managerProfilePermissions.profileId, record.id));
      for (const row of rows) levels.set(row.access, row.level);
    }
    const accessFields: FieldSpec[] = MANAGER_ACCESSES.map((access) => ({
      name: accessField(access.name),
      kind: 'select',
      label: `adminUsers.access.${access.name}`,
      required: true,
      choices: choicesOf(scope.locale, levelChoices(access.levelsAllowed)),
      initial: String(PERMISSION_LEVEL.view),
    }));
    const values = record
      ? {
          name: record.name,
          isDefault: record.isDefault,
          ...Object.fromEntries(MANAGER_ACCESSES.map((access) => [accessField(access.name), String(levels.get(access.name) ?? 0)])),
        }
      : null;
    return buildFormModel(
      'lea-manager-profile',
      scope.locale,
      [
        {
          code: 'profile',
          label: 'adminUsers.profile.tab',
          fields: [
            { name: 'name', kind: 'text', label: 'backOffice.word.name', required: true },
            { name: 'isDefault', kind: 'checkbox', label: 'adminUsers.profile.isDefault' },
          ],
        },
        { code: 'permissions', label: 'adminUsers.profile.tabPermissions', fields: accessFields },
      ],
      values,
    );
  },
  input: ManagerProfileInput,
  async save(tx, scope, input, { record }) {
    // One default per platform: the new default takes over (the partial unique index holds it).
    if (input.isDefault) {
      await tx
        .update(managerProfiles)
        .set({ isDefault: false })
        .where(and(eq(managerProfiles.platformId, scope.platformId), record ? ne(managerProfiles.id, record.id) : undefined));
    }
    let id: number;
    if (record) {
      id = record.id;
      await tx.update(managerProfiles).set({ name: input.name, isDefault: input.isDefault }).where(eq(managerProfiles.id, id));
      await tx.delete(managerProfilePermissions).where(eq(managerProfilePermissions.profileId, id));
    } else {
      const [row] = await tx
        .insert(managerProfiles)
        .values({ platformId: scope.platformId, name: input.name, isDefault: input.isDefault })
        .returning({ id: managerProfiles.id });
      id = row!.id;
    }
    await tx
      .insert(managerProfilePermissions)
      .values(MANAGER_ACCESSES.map((access) => ({ profileId: id, access: access.name, level: input[`access_${access.name}`] })));
    return id;
  },
  async remove(tx, _scope, record) {
    if (record.isDefault) return { refused: 'adminUsers.profile.defaultInUse' };
    await tx.delete(managerProfiles).where(eq(managerProfiles.id, record.id));
    return { warnings: [] };
  },
  messages: { saved: 'adminUsers.profile.saved', removed: 'adminUsers.profile.removed' },
});
