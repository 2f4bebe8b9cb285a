import { describe, expect, it } from 'vitest';
import { MESSAGES, type User } from '@lea/shared';
import { serverFieldErrors, toFormValues, toUpdateRequest, validateProfile } from './profile-form';

const user: User = {
  id: 7,
  firstName: 'Léa',
  lastName: 'Martin',
  fullName: 'Léa Martin',
  username: 'apprenti',
  email: 'lea.martin@example.com',
  photo: null,
  roles: ['ROLE_LEA_USER'],
  type: 'apprentice',
  userNewMessage: 0,
  personalAddress: { address: '3 rue Neuve', complement: null, postCode: '69003', city: 'Lyon', phone: null, mobile: '0612345678' },
  parentFirstName: 'Catherine',
  parentLastName: null,
};

describe('profile form', () => {
  it('sends flat fields with the address parts under personalAddress, emptied optional fields as null', () => {
    const values = { ...toFormValues(user), parentFirstName: '  ', 'personalAddress.city': ' Villeurbanne ' };
    expect(toUpdateRequest(values)).toEqual({
      firstName: 'Léa',
      lastName: 'Martin',
      email: 'lea.martin@example.com',
      parentFirstName: null,
      parentLastName: null,
      personalAddress: {
        address: '3 rue Neuve',
        complement: null,
        postCode: '69003',
        city: 'Villeurbanne',
        phone: null,
        mobile: '0612345678',
      },
    });
  });

  it('accepts the values of a valid user', () => {
    expect(validateProfile(toFormValues(user))).toEqual({});
  });

  it('gives the shared messages: required names and email, email and phone formats', () => {
    const errors = validateProfile({
      ...toFormValues(user),
      firstName: ' ',
      email: 'not-an-email',
      'personalAddress.phone': '12ab',
    });
    expect(errors).toEqual({
      firstName: MESSAGES.required,
      email: MESSAGES.email,
      'personalAddress.phone': MESSAGES.phone,
    });
    expect(validateProfile({ ...toFormValues(user), email: '' }).email).toBe(MESSAGES.required);
  });

  it('keeps the server errors naming a field of the form', () => {
    expect(
      serverFieldErrors([
        { field: 'email', message: 'Adresse déjà utilisée' },
        { field: 'personalAddress.phone', message: MESSAGES.phone },
        { field: 'roles', message: 'ignored' },
      ]),
    ).toEqual({ email: 'Adresse déjà utilisée', 'personalAddress.phone': MESSAGES.phone });
  });
});
