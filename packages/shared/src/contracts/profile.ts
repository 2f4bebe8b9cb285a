import { AVATAR_COLORS, ROLE_ADMIN, type UserType } from '../constants.js';

/**
 * Avatar rules shared by every screen that shows a person without a photo (spec 1 §2.7,
 * spec 2 triad members): the initials of up to two words and a colour per kind of user.
 */
export type AvatarKind = keyof typeof AVATAR_COLORS;

/** First letters of the first two words, upper-cased: "Jean-Marc de la Tour" → "JD". */
export function avatarInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase('fr');
}

const KIND_OF_TYPE: Record<UserType, AvatarKind> = {
  apprentice: 'apprentice',
  tutor: 'tutor',
  apprentice_master: 'apprenticeMaster',
  lea_manager: 'user',
};

/** Administrators first (their role outranks any type), then the user's type, else a plain user. */
export function avatarKindOfUser(user: { type: UserType | null; roles: readonly string[] }): AvatarKind {
  if (user.roles.includes(ROLE_ADMIN)) return 'admin';
  return user.type ? KIND_OF_TYPE[user.type] : 'user';
}

export function avatarColor(kind: AvatarKind): string {
  return AVATAR_COLORS[kind];
}
