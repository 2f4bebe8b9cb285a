import { z } from 'zod';
import { USER_TYPES } from '../constants.js';
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN } from '../validation.js';
import { BodyId } from './common.js';

/** `url`: the inline link signed for the reader of the profile (decision 018). */
export const Photo = z.object({ pathName: z.string(), name: z.string(), originalName: z.string(), url: z.string() });
export type Photo = z.infer<typeof Photo>;

export const PersonalAddress = z.object({
  address: z.string().nullable(),
  complement: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type PersonalAddress = z.infer<typeof PersonalAddress>;

export const User = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  photo: Photo.nullable(),
  roles: z.array(z.string()),
  type: z.enum(USER_TYPES).nullable(),
  userNewMessage: z.number().int(),
  personalAddress: PersonalAddress,
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
  /** Set while the caller is impersonating: the original user. */
  impersonator: z.object({ id: z.number().int(), fullName: z.string() }).nullable().optional(),
});
export type User = z.infer<typeof User>;

/** Another member's profile as the people who share a triad with them see it: name, photo and role only. */
export const UserSummary = z.object({
  summary: z.literal(true),
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  photo: Photo.nullable(),
  type: z.enum(USER_TYPES).nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/**
 * GET /app/user/info/{id}: the whole profile to the person, the managers of their courses and the
 * platform's administrators; the summary to triad partners (anyone else gets a 404).
 */
export const UserInfo = z.union([User, UserSummary]);
export type UserInfo = z.infer<typeof UserInfo>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const requiredText = (max: number) => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max);
const optionalPhone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || PHONE_PATTERN.test(v), MESSAGES.phone)
  .nullable()
  .optional();

/**
 * Profile edit (spec 1 §3.1): flat fields, address parts under personalAddress.
 * A photo change is sent alone as `{photo: fileId}`.
 */
export const ProfilePhotoUpdate = z.object({ photo: BodyId }).strict();
export const ProfileFieldsUpdate = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: requiredText(180).regex(EMAIL_PATTERN, MESSAGES.email),
    /** Asked, and checked, only when `email` differs from the account's address. */
    currentPassword: z.string().max(4096).optional(),
    parentFirstName: optionalText(100),
    parentLastName: optionalText(100),
    personalAddress: z
      .object({
        address: optionalText(255),
        complement: optionalText(255),
        postCode: optionalText(20),
        city: optionalText(100),
        phone: optionalPhone,
        mobile: optionalPhone,
      })
      .optional(),
  })
  .strict();
export type ProfileFieldsUpdate = z.infer<typeof ProfileFieldsUpdate>;
export const ProfileUpdateRequest = z.union([ProfilePhotoUpdate, ProfileFieldsUpdate]);
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/**
 * Answer of a profile update: the new token pair, and `pendingEmail` when the e-mail was changed:
 * the account keeps its address until the link sent to that one is opened.
 */
export const ProfileUpdateResponse = z.object({ token: z.string(), refreshToken: z.string(), pendingEmail: z.string().optional() });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponse>;

/** Answer of POST /app/user/confirm-email/{token}: the account's new address. */
export const ConfirmEmailResponse = z.object({ success: z.literal(true), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/** GET/PUT /app/user/weekly-digest: the caller's own weekly to-do digest by e-mail (issue 20 §4), on by default. */
export const WeeklyDigestSetting = z.object({ weeklyDigest: z.boolean() }).strict();
export type WeeklyDigestSetting = z.infer<typeof WeeklyDigestSetting>;
