import {
  MESSAGES,
  USER_TYPES,
  type Photo,
  type ProfileFieldsUpdate,
  type ProfileUpdateResponse,
  type User,
  type UserType,
} from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../http/errors.js';
import type { AccessTokenClaims } from '../../http/jwt.js';
import { requestEmailChange } from '../../services/email-change.js';
import { fileLinksFor, type FileLinks } from '../../services/file-links.js';
import { logHistory } from '../../services/history.js';
import { verifyPassword } from '../../services/password-hash.js';
import { findSessionUser } from '../../services/session-queries.js';
import { reissueForSession } from '../../services/session-tokens.js';
import { countPasswordFailure, lockedFor, passwordKeys } from '../../services/throttle.js';
import {
  findOwnImage,
  findPasswordHash,
  findMe,
  findUserName,
  updateProfileColumns,
  type ProfileColumns,
  type ProfileRow,
} from './queries.js';

/** Profile photos are shown in <img> tags everywhere: raster images only. */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const;

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const isUserType = (value: string | null): value is UserType => USER_TYPES.includes(value as UserType);

const photoOf = (photo: Omit<Photo, 'url'>, links: FileLinks): Photo => ({ ...photo, url: links.inline(photo) });

/** A profile as its reader sees it; the photo's link is signed for that reader (decision 018). */
export function toUser(row: ProfileRow, links: FileLinks, impersonator: User['impersonator'] = null): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row),
    username: row.username,
    email: row.email,
    photo: row.photoPathName
      ? photoOf({ pathName: row.photoPathName, name: row.photoName ?? row.photoPathName, originalName: row.photoOriginalName ?? '' }, links)
      : null,
    roles: row.roles,
    type: isUserType(row.type) ? row.type : null,
    // Counted for the signed-in user only (getMe): another reader of a profile never learns it.
    userNewMessage: 0,
    personalAddress: {
      address: row.address,
      complement: row.complement,
      postCode: row.postCode,
      city: row.city,
      phone: row.phone,
      mobile: row.mobile,
    },
    parentFirstName: row.parentFirstName,
    parentLastName: row.parentLastName,
    impersonator,
  };
}

/** The `user/me` rows a process remembers: one per signed-in user (decision 041). */
const ME_CACHE_MAX = 20_000;

/**
 * The user's `user/me` row, remembered by the process (topic `me`, per user, for the platform it was read
 * on): database triggers forget it in every process when the user's row, a membership or one of their
 * messages changes (migration 0012), and a user's own writes forget it here at once (`forgetHere`).
 */
async function rememberedMe(ctx: AppContext, userId: number, platformId: number) {
  const remembered = await ctx.cache
    .cache<{ platformId: number; row: Awaited<ReturnType<typeof findMe>> }>('me', ME_CACHE_MAX)
    .get(userId, async () => ({ platformId, row: await findMe(ctx.db, userId, platformId) }));
  // Signed in on two platforms at once (rare): the other one is read each time.
  return remembered.platformId === platformId ? remembered.row : findMe(ctx.db, userId, platformId);
}

/** The signed-in user with their unread messages (remembered); the impersonator's name is a query, only while impersonating. */
export async function getMe(ctx: AppContext, auth: AccessTokenClaims): Promise<User> {
  const userId = Number(auth.sub);
  const row = await rememberedMe(ctx, userId, auth.platform);
  if (!row) throw unauthorized('Invalid JWT Token');
  const userNewMessage = row.unreadMessages;
  const links = fileLinksFor(ctx.config.jwtSecret, { userId: row.id, platformId: auth.platform });
  if (!auth.impersonator) return { ...toUser(row, links), userNewMessage };
  const original = await findUserName(ctx.db, auth.impersonator);
  return { ...toUser(row, links, original ? { id: auth.impersonator, fullName: fullName(original) } : null), userNewMessage };
}

export type ProfileChange = { photo: number } | ProfileFieldsUpdate;

/** '' and null both clear an optional field; an absent field stays as it is. */
const clear = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value === '' ? null : value);

function columnsOf(change: ProfileFieldsUpdate): ProfileColumns {
  const address = change.personalAddress ?? {};
  const values: ProfileColumns = {
    firstName: change.firstName,
    lastName: change.lastName,
    parentFirstName: clear(change.parentFirstName),
    parentLastName: clear(change.parentLastName),
    address: clear(address.address),
    complement: clear(address.complement),
    postCode: clear(address.postCode),
    city: clear(address.city),
    phone: clear(address.phone),
    mobile: clear(address.mobile),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

const currentPasswordError = (message: string) => badRequest(message, [{ field: 'currentPassword', message }]);

/**
 * The own e-mail changes only with the account's password, so that a stolen session alone cannot
 * move the account to another mailbox and then reset its password. Wrong guesses count like
 * failed sign-ins of the username from that address (and are delayed like them).
 */
async function checkCurrentPassword(
  ctx: AppContext,
  user: { id: number; username: string },
  password: string | undefined,
  ip: string,
): Promise<void> {
  if (!password) throw currentPasswordError(MESSAGES.required);
  const retryAfter = await lockedFor(ctx.db, passwordKeys(user.username, ip));
  if (retryAfter !== null) throw tooManyRequests(MESSAGES.tooManyAttempts, retryAfter);
  if (await verifyPassword(await findPasswordHash(ctx.db, user.id), password)) return;
  await countPasswordFailure(ctx.db, ctx.config.loginThrottle, user.username, ip);
  throw currentPasswordError(MESSAGES.currentPasswordWrong);
}

/**
 * A user edits only their own profile (spec 1 §6), administrators included. Writes made while
 * impersonating are logged with both ids. Answers a new token pair in the caller's session family.
 * The e-mail is never written here: a new address asks for the current password and is only
 * recorded as pending, with a confirmation link mailed to it and a notice to the old one
 * (services/email-change.ts); the answer names it in `pendingEmail`.
 */
export async function updateProfile(
  ctx: AppContext,
  auth: AccessTokenClaims,
  userId: number,
  change: ProfileChange,
  meta: { ip: string; userAgent?: string; locale: 'fr' | 'en' },
): Promise<ProfileUpdateResponse> {
  const callerId = Number(auth.sub);
  if (userId !== callerId) throw forbidden();
  const user = await findSessionUser(ctx.db, callerId, auth.platform);
  if (!user) throw unauthorized('Invalid JWT Token');

  let values: ProfileColumns;
  let pendingEmail: string | undefined;
  if ('photo' in change) {
    const image = await findOwnImage(ctx.db, change.photo, callerId, auth.platform, PHOTO_MIME_TYPES);
    if (!image) throw badRequest(MESSAGES.fileFormat, [{ field: 'photo', message: MESSAGES.fileFormat }]);
    values = { photoFileId: image.id };
  } else {
    values = columnsOf(change);
    if (change.email.toLowerCase() !== user.email.toLowerCase()) {
      await checkCurrentPassword(ctx, user, change.currentPassword, meta.ip);
      pendingEmail = change.email;
    }
  }

  await ctx.db.transaction(async (tx) => {
    await updateProfileColumns(tx, callerId, values);
    if (pendingEmail) {
      const request = {
        userId: callerId,
        platformId: auth.platform,
        newEmail: pendingEmail,
        requestedBy: auth.impersonator ?? callerId,
        locale: meta.locale,
      };
      await requestEmailChange(tx, ctx, request);
    }
    if (auth.impersonator) {
      await logHistory(tx, {
        platformId: auth.platform,
        userId: callerId,
        impersonatorId: auth.impersonator,
        action: 'profile.update',
        entity: 'user',
        entityId: callerId,
        details: { fields: Object.keys(values), ...(pendingEmail ? { pendingEmail } : {}) },
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
      });
    }
  });
  ctx.cache.forgetHere('me', callerId);

  const pair = await reissueForSession(ctx.db, ctx.config.jwtSecret, user, {
    platformId: auth.platform,
    familyId: auth.family,
    impersonatorId: auth.impersonator,
  });
  if (pendingEmail) await ctx.mailer.deliverQueued();
  return { token: pair.token, refreshToken: pair.refresh_token, ...(pendingEmail ? { pendingEmail } : {}) };
}
