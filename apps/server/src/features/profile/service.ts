import { MESSAGES, USER_TYPES, type ProfileFieldsUpdate, type SwitchTokens, type User, type UserType } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.js';
import type { AccessTokenClaims } from '../../http/jwt.js';
import { logHistory } from '../../services/history.js';
import { findSessionUser } from '../../services/session-queries.js';
import { reissueForSession } from '../../services/session-tokens.js';
import { findOwnImage, findProfile, findUserName, updateProfileColumns, type ProfileColumns, type ProfileRow } from './queries.js';

/** Profile photos are shown in <img> tags everywhere: raster images only. */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const;

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const isUserType = (value: string | null): value is UserType => USER_TYPES.includes(value as UserType);

export function toUser(row: ProfileRow, impersonator: User['impersonator'] = null): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row),
    username: row.username,
    email: row.email,
    photo: row.photoPathName ? { pathName: row.photoPathName, name: row.photoName ?? row.photoPathName, originalName: row.photoOriginalName ?? '' } : null,
    roles: row.roles,
    type: isUserType(row.type) ? row.type : null,
    // Unread messages are counted by the message feature; the shell shows 0 until then.
    userNewMessage: 0,
    personalAddress: { address: row.address, complement: row.complement, postCode: row.postCode, city: row.city, phone: row.phone, mobile: row.mobile },
    parentFirstName: row.parentFirstName,
    parentLastName: row.parentLastName,
    impersonator,
  };
}

/** The signed-in user; at most two queries (the second only while impersonating). */
export async function getMe(ctx: AppContext, auth: AccessTokenClaims): Promise<User> {
  const row = await findProfile(ctx.db, Number(auth.sub), auth.platform);
  if (!row) throw unauthorized('Invalid JWT Token');
  if (!auth.impersonator) return toUser(row);
  const original = await findUserName(ctx.db, auth.impersonator);
  return toUser(row, original ? { id: auth.impersonator, fullName: fullName(original) } : null);
}

/** Any signed-in member of the platform may view another member's profile. */
export async function getProfile(ctx: AppContext, userId: number, platformId: number): Promise<User> {
  const row = await findProfile(ctx.db, userId, platformId);
  if (!row) throw notFound('Utilisateur introuvable');
  return toUser(row);
}

export type ProfileChange = { photo: number } | ProfileFieldsUpdate;

/** '' and null both clear an optional field; an absent field stays as it is. */
const clear = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value === '' ? null : value);

function columnsOf(change: ProfileFieldsUpdate): ProfileColumns {
  const address = change.personalAddress ?? {};
  const values: ProfileColumns = {
    firstName: change.firstName,
    lastName: change.lastName,
    email: change.email,
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

/**
 * A user edits only their own profile (spec 1 §6), administrators included. Writes made while
 * impersonating are logged with both ids. Answers a new token pair in the caller's session family.
 */
export async function updateProfile(
  ctx: AppContext,
  auth: AccessTokenClaims,
  userId: number,
  change: ProfileChange,
  meta: { ip: string; userAgent?: string },
): Promise<SwitchTokens> {
  const callerId = Number(auth.sub);
  if (userId !== callerId) throw forbidden();
  const user = await findSessionUser(ctx.db, callerId, auth.platform);
  if (!user) throw unauthorized('Invalid JWT Token');

  let values: ProfileColumns;
  if ('photo' in change) {
    const image = await findOwnImage(ctx.db, change.photo, callerId, auth.platform, PHOTO_MIME_TYPES);
    if (!image) throw badRequest(MESSAGES.fileFormat, [{ field: 'photo', message: MESSAGES.fileFormat }]);
    values = { photoFileId: image.id };
  } else {
    values = columnsOf(change);
  }

  await ctx.db.transaction(async (tx) => {
    await updateProfileColumns(tx, callerId, values);
    if (auth.impersonator) {
      await logHistory(tx, {
        platformId: auth.platform,
        userId: callerId,
        impersonatorId: auth.impersonator,
        action: 'profile.update',
        entity: 'user',
        entityId: callerId,
        details: { fields: Object.keys(values) },
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
      });
    }
  });

  const pair = await reissueForSession(ctx.db, ctx.config.jwtSecret, user, {
    platformId: auth.platform,
    familyId: auth.family,
    impersonatorId: auth.impersonator,
  });
  return { token: pair.token, refreshToken: pair.refresh_token };
}
