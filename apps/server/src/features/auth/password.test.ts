import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { isCommonPassword, validateNewPassword } from './password.js';
import { hashPassword, verifyPassword } from '../../services/password-hash.js';

describe('new password rule', () => {
  it('refuses passwords missing a class, too short or too long', () => {
    expect(validateNewPassword('')).toBe(MESSAGES.required);
    expect(validateNewPassword('Short1!a')).toBe(MESSAGES.password);
    expect(validateNewPassword('alllowercase123!')).toBe(MESSAGES.password);
    expect(validateNewPassword('ALLUPPERCASE123!')).toBe(MESSAGES.password);
    expect(validateNewPassword('NoDigitsHere!!!')).toBe(MESSAGES.password);
    expect(validateNewPassword('NoSpecial12345')).toBe(MESSAGES.password);
    expect(validateNewPassword(`Aa1!${'x'.repeat(125)}`)).toBe(MESSAGES.passwordTooLong);
  });

  it('refuses common passwords whatever their case', () => {
    expect(isCommonPassword('password123!')).toBe(true);
    expect(isCommonPassword('AZERTY123456!')).toBe(true);
    for (const password of ['Password123!', 'pASSWORD123!', 'AzErTy123456!', 'Motdepasse1!', 'P@ssw0rd1234']) {
      expect(validateNewPassword(password)).toBe(MESSAGES.passwordCommon);
    }
  });

  it('accepts a strong uncommon password, up to 128 characters', () => {
    expect(validateNewPassword('Vélo-Rouge-42-Lune')).toBeNull();
    const long = `Aa1!${'k7Pq'.repeat(15)}`;
    expect(long).toHaveLength(64);
    expect(validateNewPassword(long)).toBeNull();
    expect(validateNewPassword(`Aa1!${'x'.repeat(124)}`)).toBeNull();
  });
});

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Vélo-Rouge-42-Lune');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'Vélo-Rouge-42-Lune')).toBe(true);
    expect(await verifyPassword(stored, 'Vélo-Rouge-42-Lune!')).toBe(false);
  });

  it('answers false without a stored hash, and for a malformed one', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
