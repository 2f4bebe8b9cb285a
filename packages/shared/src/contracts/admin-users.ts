import { z } from 'zod';
import { BodyId } from './common.js';
import { FormCheckbox, FormEmail, FormOptionalId, FormOptionalText, FormText } from './manager.js';
import { MESSAGES } from '../validation.js';

/** Permission levels of a role permission entry (spec 3 §3): none 0, view 1, edit 2, delete 3, all 4. */
export const PERMISSION_LEVEL = { none: 0, view: 1, edit: 2, delete: 3, all: 4 } as const;
export type PermissionLevel = (typeof PERMISSION_LEVEL)[keyof typeof PERMISSION_LEVEL];
export const PERMISSION_LEVELS = [0, 1, 2, 3, 4] as const;

/**
 * The sections of the manager area a manager profile grants (spec 3 §3 "access": name, domain
 * name, levelsAllowed), named by the module code of the section where one exists (decision 027).
 */
export const MANAGER_ACCESSES = [
  { name: 'MODULE_LEA_GENERAL', domain: 'course', levelsAllowed: [0, 1, 2, 4] },
  { name: 'MODULE_LEA_TRIAD', domain: 'triad', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_QUESTIONNAIRE', domain: 'questionnaire', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_SKILL', domain: 'skill', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_DOCUMENT', domain: 'document', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_ABSENCE', domain: 'calendar', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_COURSE', domain: 'lesson', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_WEBLINKS', domain: 'weblink', levelsAllowed: [0, 1, 2, 3, 4] },
  { name: 'MODULE_LEA_MESSAGE', domain: 'message', levelsAllowed: [0, 1, 2, 4] },
  { name: 'MODULE_LEA_GRADEBOOK', domain: 'gradebook', levelsAllowed: [0, 1, 2, 4] },
] as const satisfies readonly { name: string; domain: string; levelsAllowed: readonly number[] }[];
export type ManagerAccess = (typeof MANAGER_ACCESSES)[number]['name'];
/** The section of a manager-area entity that declares none (decision 027). */
export const DEFAULT_MANAGER_ACCESS: ManagerAccess = 'MODULE_LEA_GENERAL';

/** The three exclusive role flags of an account (spec 3 §4): administrator, user, course manager. */
export const USER_ROLE_FLAGS = ['isAdmin', 'isUser', 'isLeaManager'] as const;
export type UserRoleFlag = (typeof USER_ROLE_FLAGS)[number];

const userType = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.enum(['apprentice', 'tutor', 'apprentice_master'], MESSAGES.choice).nullable(),
);

/** Admin area: an account of the platform (spec 3 §3 User (admin)); the form's tabs merged. */
export const AdminUserInput = z.object({
  lastName: FormText(100),
  firstName: FormText(100),
  email: FormEmail,
  username: FormOptionalText(180),
  phone: FormOptionalText(30),
  mobile: FormOptionalText(30),
  active: FormCheckbox,
  isAdmin: FormCheckbox,
  isUser: FormCheckbox,
  isLeaManager: FormCheckbox,
  type: userType,
  managerProfileId: FormOptionalId,
});
export type AdminUserInput = z.infer<typeof AdminUserInput>;

/** The field of a manager profile's form that holds the level of one access. */
export const accessField = (access: string) => `access_${access}`;

const levelOf = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? 0 : Number(Array.isArray(value) ? value[0] : value)),
  z.number(MESSAGES.choice).int(MESSAGES.choice).min(0, MESSAGES.choice).max(4, MESSAGES.choice),
);

/** Admin area: a manager profile (lea-manager-profile), its name and one level per access. */
export const ManagerProfileInput = z.object({
  name: FormText(255),
  isDefault: FormCheckbox,
  ...(Object.fromEntries(MANAGER_ACCESSES.map((access) => [accessField(access.name), levelOf])) as Record<
    `access_${ManagerAccess}`,
    typeof levelOf
  >),
});
export type ManagerProfileInput = z.infer<typeof ManagerProfileInput>;

/** GET /app/admin/user/last-password-link/{id}: the last password mail sent to the user, all null when none. */
export const LastPasswordMail = z.object({
  subject: z.string().nullable(),
  date: z.string().nullable(),
  body: z.string().nullable(),
});
export type LastPasswordMail = z.infer<typeof LastPasswordMail>;

/** GET /app/admin/user/generate-password/{id}: a new-password link was mailed. */
export const GeneratePasswordResponse = z.object({ success: z.boolean(), message: z.string() });
export type GeneratePasswordResponse = z.infer<typeof GeneratePasswordResponse>;

/** POST /app/admin/user/merge: the account `mergedId` is folded into `keptId`, then removed. */
export const UserMergeBody = z
  .object({ keptId: BodyId, mergedId: BodyId })
  .refine((body) => body.keptId !== body.mergedId, { message: MESSAGES.choice, path: ['mergedId'] });
export type UserMergeBody = z.infer<typeof UserMergeBody>;

/** PUT /app/admin/user/active/{id}: deactivate (or reactivate) an account. */
export const UserActiveBody = z.object({ active: z.boolean() });
export type UserActiveBody = z.infer<typeof UserActiveBody>;

/** GET /app/admin/menu: the admin area's side menu (spec 3 §2.3), in order. */
export const AdminMenuEntry = z.object({
  code: z.string(),
  label: z.string(),
  /** Under /admin (`users`, `data-agreement/edit`). */
  path: z.string(),
  /** A Tabler icon name. */
  icon: z.string(),
});
export const AdminMenuResponse = z.object({ entries: z.array(AdminMenuEntry) });
export type AdminMenuEntry = z.infer<typeof AdminMenuEntry>;
export type AdminMenuResponse = z.infer<typeof AdminMenuResponse>;
