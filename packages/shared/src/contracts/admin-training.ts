import { z } from 'zod';
import { Id } from './common.js';

/**
 * GET /app/admin/training/generate-triad-test?trainingCourse={id}: the course of the platform that
 * receives a test triad (spec 3 §7.2).
 */
export const AdminTestTriadQuery = z.object({ trainingCourse: Id });
export type AdminTestTriadQuery = z.infer<typeof AdminTestTriadQuery>;

/** The role of an account as the admin user form's exclusive flags say it (spec 3 §4). */
export const AdminRole = z.enum(['admin', 'user', 'leaManager']);
export type AdminRole = z.infer<typeof AdminRole>;

/**
 * GET /app/admin/user/user-profile (spec 3 §7.2): the signed-in administrator's own profile as the
 * admin area shows it (the user form's profile part), and the manager profiles the user form
 * offers (`managerProfileId`), the platform's default one flagged.
 */
export const AdminUserProfileResponse = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    mobile: z.string().nullable(),
    active: z.boolean(),
    role: AdminRole,
    isAdmin: z.boolean(),
    isUser: z.boolean(),
    isLeaManager: z.boolean(),
    /** The request's language: the portal keeps no language per account. */
    locale: z.enum(['fr', 'en']),
    lastLoginAt: z.string().nullable(),
  }),
  platform: z.object({ id: z.number().int(), name: z.string() }),
  managerProfiles: z.array(z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() })),
});
export type AdminUserProfileResponse = z.infer<typeof AdminUserProfileResponse>;
