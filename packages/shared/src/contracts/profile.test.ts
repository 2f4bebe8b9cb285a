import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, ROLE_ADMIN, ROLE_USER } from '../constants.js';
import { avatarColor, avatarInitials, avatarKindOfUser } from './profile.js';

describe('avatarInitials', () => {
  it('takes the first letter of at most two words, upper-cased', () => {
    expect(avatarInitials('Léa Martin')).toBe('LM');
    expect(avatarInitials('jean-marc de la Tour')).toBe('JD');
    expect(avatarInitials('  émilie   ')).toBe('É');
  });

  it('gives nothing for an empty name', () => {
    expect(avatarInitials('   ')).toBe('');
  });
});

describe('avatarKindOfUser and avatarColor', () => {
  it('colours an administrator as admin whatever the type', () => {
    const kind = avatarKindOfUser({ type: 'tutor', roles: [ROLE_USER, ROLE_ADMIN] });
    expect(kind).toBe('admin');
    expect(avatarColor(kind)).toBe(AVATAR_COLORS.admin);
  });

  it('colours by user type, a manager or an untyped user as a plain user', () => {
    expect(avatarColor(avatarKindOfUser({ type: 'apprentice', roles: [ROLE_USER] }))).toBe(AVATAR_COLORS.apprentice);
    expect(avatarColor(avatarKindOfUser({ type: 'tutor', roles: [ROLE_USER] }))).toBe(AVATAR_COLORS.tutor);
    expect(avatarColor(avatarKindOfUser({ type: 'apprentice_master', roles: [ROLE_USER] }))).toBe(AVATAR_COLORS.apprenticeMaster);
    expect(avatarKindOfUser({ type: 'lea_manager', roles: [ROLE_USER] })).toBe('user');
    expect(avatarKindOfUser({ type: null, roles: [ROLE_USER] })).toBe('user');
  });
});
